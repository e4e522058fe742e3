import type { TestProject } from 'vitest/node'
import { startChainsim } from '../../../../src/testing/index.ts'
import type { ChainsimInfo } from '../../../../src/testing/index.ts'

// Once for the whole run: play a scenario and serve its chain; every test file reads its addresses.
export default async function setup(project: TestProject) {
  const chainsim = await startChainsim({ scenario: 'scenarios/reorg-moves-transfer.yaml' })
  project.provide('chainsim', chainsim.info)
  return () => chainsim.close()
}

declare module 'vitest' {
  export interface ProvidedContext {
    chainsim: ChainsimInfo
  }
}
