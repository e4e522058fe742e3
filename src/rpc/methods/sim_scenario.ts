import type { MethodHandler } from '../methodContext.ts'
import { withParams } from '../withParams.ts'

/**
 * sim_scenario: the scenario this network was played by (`chainsim play --serve`): its file, name, whether it
 * passed, and each step with its status, duration, line, failures and the hashes of the blocks it made; `null`
 * on a network no scenario played.
 */
export const sim_scenario: MethodHandler = withParams([], async (_params, { scenario }) => scenario ?? null)
