import { ChainsimError } from '../../errors.ts'
import type { ExpectationFailure } from '../expectations.ts'
import type { ScenarioClock } from '../scenarioClock.ts'
import type { ScenarioNetwork } from '../scenarioNetwork.ts'
import type { Bindings } from '../values.ts'

/** A filter or subscription a step installed, by the name it was bound to. */
export interface Watcher {
  kind: 'filter' | 'subscription'
  id: string
  network: ScenarioNetwork
}

/** What a step works with while it runs. */
export interface StepContext {
  /** The step's network. */
  network: ScenarioNetwork
  networks: readonly ScenarioNetwork[]
  bindings: Bindings
  accounts: Readonly<Record<string, number>>
  watchers: Map<string, Watcher>
  clock: ScenarioClock
  /** The step in messages: `step 4 "pay Bob"`. */
  label: string
}

/** What a step did: the value its `as` binds, and the expectations that failed. */
export interface StepOutcome {
  value?: unknown
  failures: ExpectationFailure[]
}

/** A step that cannot go on (a value that does not fit, a call that failed unexpectedly). */
export class StepFailure extends ChainsimError {
  constructor(
    message: string,
    readonly details: Omit<ExpectationFailure, 'message'> = {},
  ) {
    super(message)
  }
}

/** What a step's load-time check works with: where to report, and what earlier steps made known. */
export interface CheckContext {
  /** Reports a problem at `path`, below the step (`['send', 'from']`). */
  report(path: ReadonlyArray<string | number>, message: string): void
  /** The scenario's account names, by dev account index. */
  accounts: Readonly<Record<string, number>>
  /** Names bound by earlier steps (accounts included). */
  bound: ReadonlySet<string>
  /** The bound names that are filters or subscriptions. */
  watchers: ReadonlySet<string>
}
