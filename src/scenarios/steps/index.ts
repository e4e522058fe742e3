import type { z } from 'zod'
import { call } from './call.ts'
import { changes } from './changes.ts'
import type { CheckContext, StepContext, StepOutcome } from './context.ts'
import { deploy } from './deploy.ts'
import { fault } from './fault.ts'
import { filter } from './filter.ts'
import { mine } from './mine.ts'
import { mining } from './mining.ts'
import { reorg } from './reorg.ts'
import { reorgProfile } from './reorgProfile.ts'
import { replay } from './replay.ts'
import { rpc } from './rpc.ts'
import { send } from './send.ts'
import { sign } from './sign.ts'
import type { StepKindDefinition } from './stepKind.ts'
import { subscribe } from './subscribe.ts'
import { transaction } from './transaction.ts'
import { timestamps } from './timestamps.ts'
import { head } from './head.ts'
import { wait } from './wait.ts'

/** Every kind of scenario step, by the key that names its action; a new kind is a module and a line here. */
export const STEPS = {
  deploy,
  send,
  sign,
  call,
  mine,
  mining,
  reorg,
  reorgProfile,
  replay,
  filter,
  subscribe,
  wait,
  fault,
  rpc,
  changes,
  transaction,
  timestamps,
  head,
} as const

export type StepKind = keyof typeof STEPS
export const STEP_KINDS = Object.keys(STEPS) as StepKind[]

/** A step of kind `K`, as its schema gives it. */
export type StepOf<K extends StepKind> = z.output<(typeof STEPS)[K]['schema']>

/** Any step, as a scenario file holds it (one action key among the others). */
export type ScenarioStep = StepOf<StepKind>

/** A step with its kind named: what the loader hands the player, so nothing downstream guesses. */
export type TaggedStep = { [K in StepKind]: { kind: K; step: StepOf<K> } }[StepKind]

/** The kind of a parsed step: its one action key. */
export function tagStep(step: ScenarioStep): TaggedStep {
  const kind = STEP_KINDS.find((k) => Object.hasOwn(step, k)) as StepKind
  return { kind, step } as TaggedStep
}

// One place bridges a tagged step to its kind's definition: TypeScript cannot follow the pairing of `kind`
// and `step` through the registry lookup by itself.
function definitionOf(tagged: TaggedStep): StepKindDefinition<StepKind, z.ZodType<ScenarioStep>> {
  return STEPS[tagged.kind] as unknown as StepKindDefinition<StepKind, z.ZodType<ScenarioStep>>
}

/** Runs a step with its kind's module. */
export function runStep(tagged: TaggedStep, context: StepContext): Promise<StepOutcome> {
  return definitionOf(tagged).run(tagged.step, context)
}

/** Checks a step before anything is played. */
export function checkStep(tagged: TaggedStep, context: CheckContext): void {
  definitionOf(tagged).check?.(tagged.step, context)
}

/** A step's name for reports: its `name`, or its kind's summary of it (`mine 3`, `rpc eth_getLogs`). */
export function describeStep(tagged: TaggedStep): string {
  return tagged.step.name || definitionOf(tagged).describe(tagged.step)
}
