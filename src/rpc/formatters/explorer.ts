import type { ChainBlock } from '../../chain/types.ts'
import type { AbiDecoder, Decoded } from '../../decoding/abiDecoder.ts'
import type { ExecutedTransaction, Log, SignedTransaction } from '../../evm/index.ts'
import type { LogFilter, LogMatchCriteria } from '../../logs/index.ts'
import type { ChainNode } from '../../node.ts'
import type { ReorgEntry, ReorgCause } from '../../reorg/reorgHistory.ts'
import type { BlockRef, Failure, Reorg, TransactionOutcome, TransactionSummary, TreeBlock } from '../explorerAnswers.ts'
import { decodeRevertReason } from '../revert.ts'
import { toData, toQuantity } from './hex.ts'

/*
 * How the explorer's sim_ methods put chain objects on the wire. Chain quantities are hex, as everywhere in
 * JSON-RPC; the explorer's own figures (counts, ids, times in ms) are JSON numbers.
 */

/** The control method behind each kind of reorganisation (`profile`: the network's reorg profile drew it). */
export const REORG_METHODS: Readonly<Record<ReorgCause, string>> = {
  simReorg: 'sim_reorg',
  anvilReorg: 'anvil_reorg',
  rollback: 'anvil_rollback',
  revert: 'evm_revert',
  profile: 'profile',
}

/** `{number, hash}` of a block. */
export function blockRef(block: ChainBlock): BlockRef {
  return { number: toQuantity(block.number), hash: block.hashKey }
}

/** The blocks `latest`, `safe` and `finalized` stand for now. */
export function formatTags(node: ChainNode): Record<'head' | 'safe' | 'finalized', BlockRef> {
  const { chain } = node
  const tag = (name: 'safe' | 'finalized') => blockRef(chain.blockByNumber(chain.tagNumber(name)) ?? chain.genesis)
  return { head: blockRef(node.head), safe: tag('safe'), finalized: tag('finalized') }
}

/** A block as a row of the fork tree. */
export function formatTreeBlock(block: ChainBlock, canonical: boolean): TreeBlock {
  return {
    number: toQuantity(block.number),
    hash: block.hashKey,
    parentHash: block.parentKey,
    canonical,
    timestamp: toQuantity(block.timestamp),
    transactions: block.transactions.length,
    logs: block.logCount,
    gasUsed: toQuantity(block.header.gasUsed),
    extraData: toData(block.header.extraData),
  }
}

/** A reorganisation as the fork tree annotates it. */
export function formatReorgEntry(reorg: ReorgEntry): Reorg {
  return {
    id: reorg.id,
    method: REORG_METHODS[reorg.cause],
    at: reorg.at,
    commonAncestor: blockRef(reorg.commonAncestor),
    depth: reorg.removed.length,
    removedBlocks: reorg.removed.map((b) => b.hashKey),
    addedBlocks: reorg.added.map((b) => b.hashKey),
    removedLogs: reorg.removedLogs,
    addedLogs: reorg.addedLogs,
  }
}

/** A log with its decoding; positions as the log has them (null in the pending block). */
export function withDecoding<T extends object>(wire: T, log: Log, decoder: AbiDecoder): T & { decoded: Decoded | null } {
  return { ...wire, decoded: decoder.decodeLog(log.topics, log.data) ?? null }
}

/** A transaction as a line of a block or of the pool: who, to whom, what it called, how many blobs it carries. */
export function formatTransactionSummary(signed: SignedTransaction, decoder: AbiDecoder): TransactionSummary {
  const { tx } = signed
  return {
    hash: toData(signed.hash),
    type: toQuantity(tx.type),
    from: toData(signed.from),
    to: tx.to ? toData(tx.to.bytes) : null,
    nonce: toQuantity(tx.nonce),
    value: toQuantity(tx.value),
    blobs: 'blobVersionedHashes' in tx ? tx.blobVersionedHashes.length : 0,
    call: decoder.decodeCall(tx.data) ?? null,
  }
}

/**
 * What a mined transaction's execution came to: its receipt's fields (blob gas for a blob transaction) and, when
 * it failed, why (a custom error decoded with `contract`'s ABI first, when the called contract is known).
 */
export function formatOutcome(executed: ExecutedTransaction, decoder: AbiDecoder, contract?: string): TransactionOutcome {
  return {
    status: toQuantity(executed.status),
    gasUsed: toQuantity(executed.gasUsed),
    logCount: executed.logs.length,
    contractAddress: executed.contractAddress ? toData(executed.contractAddress) : null,
    blobGasUsed: executed.blobGasUsed === undefined ? null : toQuantity(executed.blobGasUsed),
    blobGasPrice: executed.blobGasPrice === undefined ? null : toQuantity(executed.blobGasPrice),
    failure: executed.failure ? formatFailure(executed.failure, decoder, contract) : null,
  }
}

/** A failed transaction: the EVM's error, the revert data, its Error(string)/Panic reason or custom error. */
function formatFailure(failure: NonNullable<ExecutedTransaction['failure']>, decoder: AbiDecoder, contract: string | undefined): Failure {
  const data = toData(failure.returnData)
  return {
    error: failure.error,
    data,
    reason: decodeRevertReason(data) ?? null,
    custom: decoder.decodeError(failure.returnData, contract) ?? null,
  }
}

/** A log filter's criteria as eth_newFilter takes them. */
export function formatLogCriteria(criteria: LogFilter): Record<string, unknown> {
  const selector = (s: LogFilter['fromBlock']) => (typeof s === 'bigint' ? toQuantity(s) : s)
  return {
    ...(criteria.blockHash ? { blockHash: toData(criteria.blockHash) } : { fromBlock: selector(criteria.fromBlock), toBlock: selector(criteria.toBlock) }),
    ...formatMatchCriteria(criteria),
  }
}

/** Addresses and topics as eth_subscribe `logs` takes them. */
export function formatMatchCriteria(criteria: LogMatchCriteria): { address: string[]; topics: Array<string | string[] | null> } {
  return {
    address: (criteria.addresses ?? []).map((a) => toData(a)),
    topics: (criteria.topics ?? []).map((values) => (values === null ? null : values instanceof Uint8Array ? toData(values) : values.map((v) => toData(v)))),
  }
}
