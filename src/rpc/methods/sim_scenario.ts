import { defineMethod, returns } from '../defineMethod.ts'
import type { ScenarioSteps } from '../methodContext.ts'

/**
 * sim_scenario: the scenario this network was played by (`chainsim play --serve`): its file, name, whether it
 * passed, and each step with its status, duration, line, failures and the hashes of the blocks it made; `null`
 * on a network no scenario played.
 */
export const sim_scenario = defineMethod({
  name: 'sim_scenario',
  description: 'The scenario this network was played by, step by step; null when none was.',
  params: [],
  result: returns<ScenarioSteps | null>(),
  control: true,
  handler: async (_params, { scenario }) => scenario ?? null,
})
