// The EVM boundary: everything chainsim needs from @ethereumjs, in chainsim's own terms.
export * from './accounts.ts'
export * from './blobs.ts'
export { logsBloom } from './bloom.ts'
export { keepLogs, topicCountOf, topicOf } from './packedLogs.ts'
export { KeptBlock } from './keptBlock.ts'
export {
  asBytes,
  asList,
  asOptional,
  asUint,
  decodeAccountChange,
  decodeBlock,
  decodeRlp,
  decodeTransaction,
  encodeAccountChange,
  encodeBlock,
  encodeRlp,
  encodeTransaction,
  optional,
  RecordError,
  uint,
} from './recordCodec.ts'
export type { KeptBlockParts, RlpItem } from './recordCodec.ts'
export type { BlockHeader } from './keptBlock.ts'
export * from './bytes.ts'
export * from './common.ts'
export * from './engine.ts'
export { isKzgLoaded } from './kzg.ts'
export * from './transactions.ts'
export * from './types.ts'
export type { BlockTemplate, BuiltBlock, TransactionRejection } from './blockBuilder.ts'
export * from './gethGenesis.ts'
export { BlockImportError, decodeRlpBlocks } from './importBlocks.ts'
export { estimateGas } from './estimateGas.ts'
export { uncleAsBlock } from './uncles.ts'
export { commitmentsOf, receiptBloomOf } from './commitments.ts'
export type { TransactionCommitments } from './commitments.ts'
export { withdrawalsOf } from './withdrawals.ts'
export type { Withdrawal } from './withdrawals.ts'
export * from './messageCall.ts'
export { OverrideRefused } from './overrides.ts'
export type { AccountOverride, BlockOverrides, StorageEntries } from './overrides.ts'
export { MAX_SIMULATED_BLOCKS, SimulationRefused } from './simulateBlocks.ts'
export type {
  SimulatedBlock,
  SimulatedBlockRequest,
  SimulatedCall,
  SimulatedWithdrawal,
  SimulationOptions,
  SimulationRefusalKind,
} from './simulateBlocks.ts'
export * from './tracing/index.ts'
export { gethVmError } from './gethWords.ts'
export { ForkSourceError, ProofNotLocal, stateEveryBlockReads } from './forkState.ts'
export type { ForkedStateSource, UpstreamAccount } from './forkState.ts'
export { ForkBlockError, forkBlockFromHeader } from './forkBlock.ts'
export type { UpstreamHeader } from './forkBlock.ts'
export { decodeImpersonatedTransaction, impersonatedTransaction, withImpersonatedSenders } from './impersonation.ts'
