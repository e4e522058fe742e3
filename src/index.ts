/**
 * chainsim as a library: create a node in-process, or serve networks over HTTP and WebSocket.
 * @example
 * const node = await createNode({ chainId: 31337n })
 * const hash = await node.sendTransaction({ from: node.accounts[0].address, to, value: 1n })
 */
import { ChainNode } from './node.ts'
import type { NodeOptions } from './nodeOptions.ts'

export { ChainNode } from './node.ts'
export type { TransactionLookup } from './node.ts'
export { NODE_DEFAULTS } from './nodeOptions.ts'
export type { NodeOptions } from './nodeOptions.ts'
export type { TransactionRequest } from './accounts/transactionFields.ts'
export type { MiningStatus } from './mining/testClientSettings.ts'
export type { Placement } from './reorg/anvilReorg.ts'
export type { SimReorgOptions } from './reorg/simReorg.ts'
export type { PendingBlock } from './txpool/pendingBlock.ts'
export type { ChainBlock, BlockTag, BlockSelector, TransactionLocation } from './chain/types.ts'
export type { ReorgEvent } from './chain/events.ts'
export type { ExecutedTransaction, Log, SignedTransaction, DevAccount, CallRequest, CallResult } from './evm/index.ts'
export type { PositionedLog, LogFilter, LogLimits, LogQueryResult } from './logs/index.ts'
export { startServer } from './server.ts'
export { PortInUseError } from './transports/portInUse.ts'
export type { PortOrigin } from './transports/portInUse.ts'
export { exportChain } from './exportChain.ts'
export type { ExportedChain } from './exportChain.ts'
export { loadImportedNetwork, ChainImportError } from './importedNetwork.ts'
export type { ImportedNetwork, ImportedNetworkOptions } from './importedNetwork.ts'
export { importChain } from './chain/importChain.ts'
export { createForkedNode, forkedNodeOf } from './fork/createForkedNode.ts'
export type { ForkedNode, ForkOptions, ForkOrigin, ReplayOptions } from './fork/createForkedNode.ts'
export type { ReplayControl, ReplayChange } from './replay/replayControl.ts'
export type { ReplayMismatch, ReplaySpeed, ReplayStatus } from './replay/types.ts'
export { REORG_PROFILES, resolveReorgProfile } from './reorg/profiles/index.ts'
export type { ReorgProfile } from './reorg/profiles/index.ts'
export type { FollowedProfile } from './reorg/reorgControl.ts'
export { ScenarioRecorder } from './record/recorder.ts'
export type { ImportChainOptions, ImportedChain } from './chain/importChain.ts'
export type { RunningServer, RunningNetwork, StartServerOptions } from './server.ts'
export { parseConfig, loadConfigFile, ConfigError } from './config/loadConfig.ts'
export type { ChainsimConfig, NetworkConfig } from './config/schema.ts'
export { DEFAULT_CONFIG } from './config/defaults.ts'
export { bundledContracts, ChainsimToken, EventEmitter } from './contracts/index.ts'
export { playScenario, DEFAULT_BLOCK_TIME, DEFAULT_GENESIS_TIME } from './scenarios/playScenario.ts'
export type { PlayedScenario, PlayScenarioOptions, ScenarioReport, StepReport } from './scenarios/playScenario.ts'
export { formatReport } from './scenarios/formatReport.ts'
export { loadScenarioFile, parseScenario, validateScenario, ScenarioError } from './scenarios/loadScenario.ts'
export type { LoadedScenario, ScenarioProblem } from './scenarios/loadScenario.ts'
export type { Scenario, ScenarioStep } from './scenarios/schema.ts'
export { FaultInjector } from './rpc/faults.ts'
export { ChainsimError, RpcError } from './errors.ts'
export { TransactionRejected } from './txpool/errors.ts'
export { ReorgError } from './reorg/errors.ts'
export { FilterNotFound } from './filters/errors.ts'
export type { FaultSpec } from './rpc/faults.ts'
export type { ChainsimMethodName, ChainsimParameters, ChainsimReturnType, ChainsimRpcSchema } from './rpc/rpcSchema.ts'

/** Creates an in-process simulated network (no sockets): see ChainNode for what it offers. */
export function createNode(options: NodeOptions = {}): Promise<ChainNode> {
  return ChainNode.create(options)
}
