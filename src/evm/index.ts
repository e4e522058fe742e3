// The EVM boundary: everything chainsim needs from @ethereumjs, in chainsim's own terms.
export * from './accounts.ts'
export * from './bytes.ts'
export * from './common.ts'
export * from './engine.ts'
export * from './transactions.ts'
export * from './types.ts'
export type { BlockTemplate, BuiltBlock, TransactionRejection } from './blockBuilder.ts'
