import { bytesToHex, commitmentsOf, equalsBytes } from '../evm/index.ts'
import type { ExecutedTransaction, Log, TransactionCommitments } from '../evm/index.ts'
import type { ComparedValue, ReplayMismatch, UpstreamBlock, UpstreamReceipt } from './types.ts'

/** What a replayed block did with the upstream's transactions: those that ran (first, in order), and why others did not. */
export interface ReplayedTransactions {
  /** The block's executed transactions, the upstream's first (local ones may follow). */
  executed: readonly ExecutedTransaction[]
  /** Why a transaction of the block did not run, by hash key. */
  notRun: ReadonlyMap<string, string>
}

const HEADER_FIELDS = ['transactionsRoot', 'receiptsRoot', 'logsBloom', 'gasUsed'] as const satisfies ReadonlyArray<keyof TransactionCommitments>

/**
 * Whether the replayed block holds the upstream's transactions with the upstream's outcome: its first
 * transactions (as many as the upstream's) commit to the same transactions root, receipts root, logs bloom
 * and gas used. Undefined when they do; else a first finding at block level, which `explainMismatch` makes
 * precise with the upstream's receipts.
 */
export function checkReplayed(upstream: UpstreamBlock, replayed: ReplayedTransactions): ReplayMismatch | undefined {
  const missing = firstMissing(upstream, replayed)
  if (missing) return missing
  const actual = commitmentsOf(replayed.executed.slice(0, upstream.transactions.length))
  for (const field of HEADER_FIELDS) {
    if (!same(upstream.expected[field], actual[field])) {
      const found = mismatch(upstream.number, field, upstream.expected[field], actual[field])
      // Each transaction ran with the upstream's hash: the bytes the upstream's trie holds for one differ.
      if (field === 'transactionsRoot') {
        found.message += `, though each of its ${upstream.transactions.length} transactions has the upstream's hash: the upstream's trie commits to other bytes for one of them`
      }
      return found
    }
  }
  return undefined
}

/**
 * The first transaction and field that differ, from the upstream's receipts (in block order): status, gas
 * used, the created contract, each log's address, topics and data, cumulative gas. Falls back to `found` (a
 * header field) when no receipt differs or none could be had.
 */
export function explainMismatch(
  upstream: UpstreamBlock,
  replayed: ReplayedTransactions,
  receipts: readonly UpstreamReceipt[] | undefined,
  found: ReplayMismatch,
): ReplayMismatch {
  if (!receipts || found.transaction) return found
  for (const [index, receipt] of receipts.entries()) {
    const ran = replayed.executed[index]
    if (!ran) break
    const differing = firstReceiptDifference(receipt, ran)
    if (differing) {
      const [field, expected, actual] = differing
      return mismatch(upstream.number, field, expected, actual, { index, hash: receipt.transactionHash })
    }
  }
  return found
}

/** An upstream transaction that is not where the upstream had it: not run at all, or another in its place. */
function firstMissing(upstream: UpstreamBlock, replayed: ReplayedTransactions): ReplayMismatch | undefined {
  for (const [index, tx] of upstream.transactions.entries()) {
    const ran = replayed.executed[index]
    if (ran && equalsBytes(ran.signed.hash, tx.hash)) continue
    const key = bytesToHex(tx.hash)
    const why =
      replayed.notRun.get(key) ?? (replayed.executed.some((e) => e.signed.hashKey === key) ? 'it ran at another position' : 'it did not fit the block')
    return mismatch(
      upstream.number,
      'transaction',
      tx.hash,
      ran ? ran.signed.hash : null,
      { index, hash: tx.hash },
      `transaction ${index} (${key}) of block ${upstream.number} did not run here: ${why}`,
    )
  }
  return undefined
}

function firstReceiptDifference(receipt: UpstreamReceipt, ran: ExecutedTransaction): [string, ComparedValue, ComparedValue] | undefined {
  if (receipt.status !== ran.status) return ['status', receipt.status, ran.status]
  if (receipt.gasUsed !== ran.gasUsed) return ['gasUsed', receipt.gasUsed, ran.gasUsed]
  if (!same(receipt.contractAddress ?? null, ran.contractAddress ?? null))
    return ['contractAddress', receipt.contractAddress ?? null, ran.contractAddress ?? null]
  if (receipt.logs.length !== ran.logs.length) return ['logs.length', receipt.logs.length, ran.logs.length]
  for (const [i, log] of receipt.logs.entries()) {
    const differing = firstLogDifference(log, ran.logs[i] as Log)
    if (differing) return [`logs[${i}].${differing[0]}`, differing[1], differing[2]]
  }
  if (receipt.cumulativeGasUsed !== ran.cumulativeGasUsed) return ['cumulativeGasUsed', receipt.cumulativeGasUsed, ran.cumulativeGasUsed]
  return undefined
}

function firstLogDifference(expected: Log, actual: Log): [string, ComparedValue, ComparedValue] | undefined {
  if (!equalsBytes(expected.address, actual.address)) return ['address', expected.address, actual.address]
  if (expected.topics.length !== actual.topics.length) return ['topics.length', expected.topics.length, actual.topics.length]
  for (const [i, topic] of expected.topics.entries()) {
    if (!equalsBytes(topic, actual.topics[i] as Uint8Array)) return [`topics[${i}]`, topic, actual.topics[i] as Uint8Array]
  }
  if (!equalsBytes(expected.data, actual.data)) return ['data', expected.data, actual.data]
  return undefined
}

function mismatch(
  block: bigint,
  field: string,
  expected: ComparedValue,
  actual: ComparedValue,
  transaction?: { index: number; hash: Uint8Array },
  message?: string,
): ReplayMismatch {
  const where = transaction ? `transaction ${transaction.index} (${bytesToHex(transaction.hash)}) of block ${block}` : `block ${block}`
  return {
    block,
    field,
    ...(transaction ? { transaction } : {}),
    expected,
    actual,
    message: message ?? `${where}: ${field} is ${show(actual)} here, ${show(expected)} upstream`,
  }
}

function same(a: ComparedValue, b: ComparedValue): boolean {
  if (a instanceof Uint8Array && b instanceof Uint8Array) return equalsBytes(a, b)
  return a === b
}

function show(value: ComparedValue): string {
  if (value instanceof Uint8Array) return value.length > 40 ? `${bytesToHex(value.subarray(0, 32))}… (${value.length} bytes)` : bytesToHex(value)
  if (value === null) return 'none'
  return String(value)
}
