import type { SignedTransaction } from './encoding/transactions.ts'

/** An event as the EVM emitted it; positions are added by whoever places it in a block. */
export interface Log {
  address: Uint8Array
  topics: Uint8Array[]
  data: Uint8Array
}

/** A transaction after execution in a block: the receipt's facts, in domain types. */
export interface ExecutedTransaction {
  signed: SignedTransaction
  status: 0 | 1
  gasUsed: bigint
  cumulativeGasUsed: bigint
  effectiveGasPrice: bigint
  contractAddress: Uint8Array | undefined
  logs: Log[]
  /** Block-wide index of this transaction's first log. */
  firstLogIndex: number
  /**
   * Pre-Byzantium receipts (EIP-658 came with Byzantium) carry the state root after the
   * transaction instead of a status; geth then answers `root` and no `status`.
   */
  root?: Uint8Array
  /** Why a failed transaction (status 0) failed: the EVM's error and the revert data, kept for explorers. */
  failure?: { error: string; returnData: Uint8Array }
  /** Blob gas used and the block's blob gas price: blob (type 3) transactions only. */
  blobGasUsed?: bigint
  blobGasPrice?: bigint
}
