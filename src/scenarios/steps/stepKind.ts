import type { z } from 'zod'
import type { CheckContext, StepContext, StepOutcome } from './context.ts'

/**
 * One kind of scenario step, in one module: the schema of its file form, what is checked before anything is
 * played, how it runs, and how the report names it. The registry (./index.ts) lists them all, as
 * src/rpc/methodTable.ts lists the methods.
 */
export interface StepKindDefinition<K extends string, S extends z.ZodType> {
  /** The key that names the step's action in a file (`send:`). */
  kind: K
  schema: S
  /** Checks beyond the schema, made before anything is played (accounts, signatures, combinations). */
  check?(step: z.output<S>, context: CheckContext): void
  run(step: z.output<S>, context: StepContext): Promise<StepOutcome>
  /** The step's name in reports when it has no `name` of its own (`mine 3`, `rpc eth_getLogs`). */
  describe(step: z.output<S>): string
}

/** Declares a step kind (typing only: the definition is returned as it is). */
export function defineStep<K extends string, S extends z.ZodType>(definition: StepKindDefinition<K, S>): StepKindDefinition<K, S> {
  return definition
}
