import type { ExpectationFailure } from '../errors.ts'
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
