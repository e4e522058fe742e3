// The EVM boundary: everything chainsim needs from @ethereumjs, in chainsim's own terms.
// Every error the EVM layer throws on purpose, with the refusal kinds they carry.
export * from './errors.ts'
export * from './crypto/accounts.ts'
export * from './encoding/blobs.ts'
export { logsBloom } from './encoding/bloom.ts'
export { keepLogs, topicCountOf, topicOf } from './encoding/packedLogs.ts'
export { KeptBlock } from './encoding/keptBlock.ts'
export {
  asBytes,
  asList,
  asOptional,
  asOptionalUint,
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
  optionalField,
  optionalUint,
  uint,
} from './encoding/keptBlockCodec.ts'
export type { KeptBlockParts, RlpItem } from './encoding/keptBlockCodec.ts'
export type { BlockHeader } from './encoding/keptBlock.ts'
export * from './encoding/bytes.ts'
export * from './configuration/common.ts'
export * from './configuration/hardforks.ts'
export * from './configuration/forkConfig.ts'
export * from './execution/engine.ts'
export { isKzgLoaded } from './crypto/kzg.ts'
export * from './encoding/transactions.ts'
export * from './types.ts'
export type { BlockTemplate, BuildOptions, BuiltBlock, TransactionRejection } from './execution/blockBuilder.ts'
export * from './configuration/gethGenesis.ts'
export { decodeRlpBlocks } from './execution/importBlocks.ts'
export { estimateGas } from './execution/estimateGas.ts'
export { uncleAsBlock } from './encoding/uncles.ts'
export { commitmentsOf } from './encoding/commitments.ts'
export type { TransactionCommitments } from './encoding/commitments.ts'
export { withdrawalsOf } from './execution/withdrawals.ts'
export type { Withdrawal } from './execution/withdrawals.ts'
export * from './execution/messageCall.ts'
export type { AccountOverride, BlockOverrides, StorageEntries } from './execution/overrides.ts'
export { MAX_SIMULATED_BLOCKS } from './execution/simulateBlocks.ts'
export type {
  SimulatedBlock,
  SimulatedBlockRequest,
  SimulatedCall,
  SimulatedWithdrawal,
  SimulationOptions,
} from './execution/simulateBlocks.ts'
export * from './tracing/index.ts'
export { gethVmError } from './execution/gethWords.ts'
export { stateEveryBlockReads } from './state/forkState.ts'
export type { ForkedStateSource, UpstreamAccount } from './state/forkState.ts'
export { forkBlockFromHeader, hardforkOfUpstream } from './configuration/forkBlock.ts'
export type { UpstreamHeader, UpstreamRules } from './configuration/forkBlock.ts'
export { decodeImpersonatedTransaction, impersonatedTransaction, withImpersonatedSenders } from './execution/impersonation.ts'
export { UNLIMITED_CODE_SIZE, withCodeSizeLimit } from './patches/codeSizeLimit.ts'
