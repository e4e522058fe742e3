import type { Common } from '@ethereumjs/common'
import { RLP } from '@ethereumjs/rlp'
import { bigIntToBytes, bytesToBigInt, equalsBytes } from '@ethereumjs/util'
import { blobNetworkForm, splitBlobNetworkForm } from './blobs.ts'
import type { AccountChange } from '../execution/engine.ts'
import { decodeImpersonatedTransaction } from '../execution/impersonation.ts'
import { KeptBlock, numberAndTimeOf } from './keptBlock.ts'
import { keepLogs } from './packedLogs.ts'
import { readRlpItem } from './rlpItems.ts'
import { sharedCommonFor } from '../patches/sharedCommon.ts'
import { KeptTransaction, SignedTransaction } from './transactions.ts'
import type { ExecutedTransaction, Log } from '../types.ts'
import { RecordError } from '../errors.ts'

// The bytes a state file keeps chainsim's domain objects as: RLP (Ethereum's own encoding), with chainsim's
// fields beside the consensus ones. A value that may be absent is a list of zero or one item, so that absent and
// zero differ. Decoding takes nothing on trust that it cannot check cheaply, and throws `RecordError` naming
// what does not fit.

/** An RLP item: bytes, or a list of items. */
export type RlpItem = Uint8Array | RlpItem[]

export function encodeRlp(item: RlpItem): Uint8Array {
  return RLP.encode(item)
}

/**
 * Decodes RLP into views of `bytes` (no item is copied: @ethereumjs/rlp copies each one, which was most of the
 * time a state file of many blocks took to read). Throws on an item that runs past its list or the input, and on
 * bytes after the item.
 */
export function decodeRlp(bytes: Uint8Array): RlpItem {
  const top = readRlpItem(bytes, 0)
  if (top.end !== bytes.length) throw new RecordError(top.end > bytes.length ? 'RLP runs past the end of its bytes' : 'bytes after an RLP item')
  return itemAt(bytes, top)
}

function itemAt(bytes: Uint8Array, item: { isList: boolean; start: number; end: number }): RlpItem {
  if (!item.isList) return bytes.subarray(item.start, item.end)
  const items: RlpItem[] = []
  for (let at = item.start; at < item.end; ) {
    const inner = readRlpItem(bytes, at)
    if (!(inner.end <= item.end)) throw new RecordError('an RLP item runs past the end of its list')
    items.push(itemAt(bytes, inner))
    at = inner.end
  }
  return items
}

export const uint = (value: bigint): Uint8Array => (value === 0n ? new Uint8Array() : bigIntToBytes(value))
export const optional = (value: Uint8Array | undefined): RlpItem[] => (value === undefined ? [] : [value])

export function asBytes(item: RlpItem | undefined, what: string): Uint8Array {
  if (!(item instanceof Uint8Array)) throw new RecordError(`${what} is not a byte string`)
  return item
}

export function asList(item: RlpItem | undefined, what: string): RlpItem[] {
  if (!Array.isArray(item)) throw new RecordError(`${what} is not a list`)
  return item
}

export function asUint(item: RlpItem | undefined, what: string): bigint {
  const bytes = asBytes(item, what)
  if (bytes.length > 0 && bytes[0] === 0) throw new RecordError(`${what} is not a minimal integer`)
  if (bytes.length > 6) return bytesToBigInt(bytes)
  // Most are small (gas, counts, ids): read as a number, not through hex as bytesToBigInt does.
  let value = 0
  for (let i = 0; i < bytes.length; i++) value = value * 256 + (bytes[i] as number)
  return BigInt(value)
}

export function asOptional(item: RlpItem | undefined, what: string): Uint8Array | undefined {
  const list = asList(item, what)
  return list.length === 0 ? undefined : asBytes(list[0], what)
}

function asSized(item: RlpItem | undefined, size: number, what: string): Uint8Array {
  const bytes = asBytes(item, what)
  if (bytes.length !== size) throw new RecordError(`${what} is ${bytes.length} bytes, not ${size}`)
  return bytes
}

/** An optional number: an empty list for none, else a list of one. */
export const optionalUint = (value: bigint | undefined): RlpItem[] => (value === undefined ? [] : [uint(value)])
export const asOptionalUint = (item: RlpItem | undefined, what: string): bigint | undefined => {
  const bytes = asOptional(item, what)
  return bytes === undefined ? undefined : asUint(bytes, what)
}

// ---- transactions ----

const IMPERSONATED = 1

/**
 * A transaction as kept in a block or the pool: its canonical bytes, hash and sender (so neither is recovered on
 * restore), whether it was sent as an impersonated account, and a blob transaction's network form (its sidecar).
 */
export function encodeTransaction(signed: SignedTransaction): RlpItem {
  return [
    signed.raw,
    signed.hash,
    signed.from,
    uint(signed.impersonated ? BigInt(IMPERSONATED) : 0n),
    optional(signed.sidecar ? blobNetworkForm(signed.raw, signed.sidecar) : undefined),
  ]
}

export function decodeTransaction(item: RlpItem, common: Common): SignedTransaction {
  const [rawItem, hashItem, fromItem, flagsItem, networkItem] = asList(item, 'a transaction')
  const raw = asBytes(rawItem, 'a transaction')
  const hash = asSized(hashItem, 32, "a transaction's hash")
  const from = asSized(fromItem, 20, "a transaction's sender")
  const flags = asUint(flagsItem, "a transaction's flags")
  const network = asOptional(networkItem, "a transaction's network form")
  const sidecar = network === undefined ? undefined : splitBlobNetworkForm(network).sidecar
  if (flags === BigInt(IMPERSONATED)) {
    // Its hash commits to its sender: made again, and checked against the one saved.
    const signed = decodeImpersonatedTransaction(raw, from, common)
    if (!equalsBytes(signed.hash, hash)) throw new RecordError(`impersonated transaction ${signed.hashKey} was saved under another hash`)
    return sidecar ? signed.with({ sidecar }) : signed
  }
  return new SignedTransaction(new KeptTransaction(raw, hash, from, sharedCommonFor(common)), sidecar ? { sidecar } : {})
}

// ---- account changes (state set directly on accounts) ----

export function encodeAccountChange(change: AccountChange): RlpItem {
  return [
    change.address,
    optionalUint(change.balance),
    optionalUint(change.nonce),
    optional(change.code),
    change.storage === undefined ? [] : [change.storage.map(([slot, value]) => [slot, value])],
  ]
}

export function decodeAccountChange(item: RlpItem): AccountChange {
  const [address, balance, nonce, code, storage] = asList(item, 'an account change')
  const slots = asList(storage, "an account change's storage")
  return {
    address: asSized(address, 20, "an account change's address"),
    ...optionalField('balance', asOptionalUint(balance, "an account change's balance")),
    ...optionalField('nonce', asOptionalUint(nonce, "an account change's nonce")),
    ...optionalField('code', asOptional(code, "an account change's code")),
    ...(slots.length === 0
      ? {}
      : {
          storage: asList(slots[0], "an account change's storage").map((pair) => {
            const [slot, value] = asList(pair, 'a storage slot')
            return [asBytes(slot, 'a storage slot'), asBytes(value, "a storage slot's value")] as const
          }),
        }),
  }
}

/** `{key: value}`, or nothing when `value` is undefined: an optional field spread into an object. */
export function optionalField<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: V }
}

// ---- blocks with their receipts ----

/** A sealed block as the chain keeps it, read back: its hash, header and body, receipts with logs, state set before it. */
export interface KeptBlockParts {
  hash: Uint8Array
  /** The header's number and timestamp, read once. */
  number: bigint
  timestamp: bigint
  kept: KeptBlock
  transactions: ExecutedTransaction[]
  stateEdits?: AccountChange[]
}

export function encodeBlock(parts: {
  hash: Uint8Array
  kept: KeptBlock
  transactions: readonly ExecutedTransaction[]
  stateEdits?: readonly AccountChange[]
}): Uint8Array {
  const { fields, uncles, withdrawals } = parts.kept.encoded()
  return encodeRlp([
    parts.hash,
    fields,
    uncles,
    withdrawals === undefined ? [] : [withdrawals],
    parts.transactions.map(encodeExecuted),
    (parts.stateEdits ?? []).map(encodeAccountChange),
  ])
}

/** Decodes a block under the rules `rulesAt` gives for its number and time. */
export function decodeBlock(bytes: Uint8Array, rulesAt: (number: bigint, timestamp: bigint) => Common): KeptBlockParts {
  const [hash, fields, uncles, withdrawals, transactions, edits] = asList(decodeRlp(bytes), 'a block')
  const withdrawalList = asList(withdrawals, "a block's withdrawals")
  const header = asBytes(fields, "a block's header")
  const [number, timestamp] = numberAndTimeOf(header)
  const common = rulesAt(number, timestamp)
  const kept = new KeptBlock(
    {
      fields: header,
      uncles: asList(uncles, "a block's uncles").map((u) => asBytes(u, 'an uncle')),
      withdrawals:
        withdrawalList.length === 0
          ? undefined
          : asList(withdrawalList[0], "a block's withdrawals").map((w) => asList(w, 'a withdrawal').map((f) => asBytes(f, 'a withdrawal'))),
    },
    common,
  )
  const stateEdits = asList(edits, "a block's state edits").map(decodeAccountChange)
  return {
    hash: asSized(hash, 32, "a block's hash"),
    number,
    timestamp,
    kept,
    transactions: asList(transactions, "a block's transactions").map((t) => decodeExecuted(t, common)),
    ...(stateEdits.length > 0 ? { stateEdits } : {}),
  }
}

function encodeExecuted(executed: ExecutedTransaction): RlpItem {
  return [
    encodeTransaction(executed.signed),
    uint(BigInt(executed.status)),
    uint(executed.gasUsed),
    uint(executed.cumulativeGasUsed),
    uint(executed.effectiveGasPrice),
    optional(executed.contractAddress),
    executed.logs.map((log) => [log.address, log.topics, log.data]),
    uint(BigInt(executed.firstLogIndex)),
    optional(executed.root),
    executed.failure ? [[new TextEncoder().encode(executed.failure.error), executed.failure.returnData]] : [],
    optionalUint(executed.blobGasUsed),
    optionalUint(executed.blobGasPrice),
  ]
}

function decodeExecuted(item: RlpItem, common: Common): ExecutedTransaction {
  const [signed, status, gasUsed, cumulative, price, contract, logs, firstLog, root, failure, blobGasUsed, blobGasPrice] = asList(item, 'a receipt')
  const statusValue = asUint(status, "a receipt's status")
  if (statusValue > 1n) throw new RecordError(`a receipt's status is ${statusValue}`)
  const failureList = asList(failure, "a receipt's failure")
  const executed: ExecutedTransaction = {
    signed: decodeTransaction(signed as RlpItem, common),
    status: Number(statusValue) as 0 | 1,
    gasUsed: asUint(gasUsed, "a receipt's gas used"),
    cumulativeGasUsed: asUint(cumulative, "a receipt's cumulative gas used"),
    effectiveGasPrice: asUint(price, "a receipt's gas price"),
    contractAddress: asOptional(contract, "a receipt's contract address"),
    logs: keepLogs(asList(logs, "a receipt's logs").map(decodeLog)),
    firstLogIndex: Number(asUint(firstLog, "a receipt's first log index")),
  }
  const rootBytes = asOptional(root, "a receipt's root")
  if (rootBytes !== undefined) executed.root = rootBytes
  if (failureList.length > 0) {
    const [error, returnData] = asList(failureList[0], "a receipt's failure")
    executed.failure = { error: new TextDecoder().decode(asBytes(error, "a failure's error")), returnData: asBytes(returnData, "a failure's return data") }
  }
  const blobGas = asOptionalUint(blobGasUsed, "a receipt's blob gas")
  if (blobGas !== undefined) executed.blobGasUsed = blobGas
  const blobPrice = asOptionalUint(blobGasPrice, "a receipt's blob gas price")
  if (blobPrice !== undefined) executed.blobGasPrice = blobPrice
  return executed
}

function decodeLog(item: RlpItem): Log {
  const [address, topics, data] = asList(item, 'a log')
  return {
    address: asSized(address, 20, "a log's address"),
    topics: asList(topics, "a log's topics").map((t) => asSized(t, 32, 'a topic')),
    data: asBytes(data, "a log's data"),
  }
}
