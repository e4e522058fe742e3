/**
 * chainsim in a test suite (`chainsim/testing`): a served chain per test worker on free ports, per-test
 * isolation for vitest's `test.extend`, and the settle barrier that replaces sleeps.
 * @example
 * const chainsim = await startChainsim()
 * const client = createPublicClient({ transport: webSocket(chainsim.wsUrl) })
 * await chainsim.settle()
 */
export { startChainsim } from './startChainsim.ts'
export type { ChainOptions, Chainsim, ChainsimInfo, ChainsimNetwork, StartChainsimOptions } from './startChainsim.ts'
export { chainsimFixtures } from './fixtures.ts'
export type { ChainsimFixtureContext, ChainsimFixtureOptions, ChainsimFixtures } from './fixtures.ts'
export type { Restore } from './checkpoint.ts'
export type { InProcessRequest } from './inProcessTransport.ts'
export { CheckpointLost, StartChainsimError } from './errors.ts'
export type {
  ChainsimMethodName,
  ChainsimParameters,
  ChainsimReturnType,
  ChainsimRpcSchema,
  ReorgProfileParameter,
  SimReorgParameters,
  SimReorgReturnType,
  SimReplayReturnType,
} from './rpcSchema.ts'
