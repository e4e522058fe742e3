import { Block, createBlockHeaderFromBytesArray, createBlockHeaderFromRLP } from '@ethereumjs/block'
import type { BlockHeader } from '@ethereumjs/block'
import type { Common } from '@ethereumjs/common'
import { RLP } from '@ethereumjs/rlp'
import type { TypedTransaction } from '@ethereumjs/tx'
import { bytesToBigInt, createWithdrawalFromBytesArray, equalsBytes } from '@ethereumjs/util'
import type { Withdrawal, WithdrawalBytes } from '@ethereumjs/util'
import { logsBloom } from './bloom.ts'
import { fromByteString, toByteString } from './byteString.ts'
import { readRlpItem } from './rlpItems.ts'
import { RecentCache } from './recentCache.ts'
import type { Log } from '../types.ts'

export type { BlockHeader }

/** Positions of header fields in its RLP list. */
const PARENT_HASH = 0
const STATE_ROOT = 3
const LOGS_BLOOM = 6
const NUMBER = 8
const TIMESTAMP = 11

/** A kept block as bytes: the header's RLP list (its bloom empty when it is its logs'), uncles' headers, withdrawals. */
export interface EncodedKeptBlock {
  fields: Uint8Array
  uncles: Uint8Array[]
  /** Absent before Shanghai; each withdrawal's RLP fields. */
  withdrawals: Uint8Array[][] | undefined
}

/** Headers in use are those of the newest blocks (the head's base fee, the parent of the next block). */
const recentHeaders = new RecentCache<KeptBlock, BlockHeader>(256)

const NO_WITHDRAWALS: readonly Withdrawal[] = Object.freeze([])

/**
 * What a chain keeps of a sealed block besides its transactions: its header's fields as RLP, and what its
 * body holds that blocks chainsim builds leave empty (uncles, withdrawals: kept only when an imported block
 * has some). An ethereumjs header holds a dozen separate arrays, ~2.5 KB all told; its bytes are ~600, and
 * ~350 without the logs bloom, which is kept as an empty field when it is the bloom of the block's logs,
 * which the chain keeps anyway, and is made again from them when the header is. The ethereumjs header is decoded
 * when asked for, and the most recently asked for are kept.
 */
export class KeptBlock {
  readonly #fields: string
  readonly #common: Common
  readonly #uncles: BlockHeader[] | undefined
  readonly #withdrawals: readonly Withdrawal[] | undefined

  /** `logs` are the block's logs, in order. */
  constructor(block: Block, logs: readonly Log[])
  /** A kept block read back from a state file, as {@link encoded} gave it. */
  constructor(kept: EncodedKeptBlock, common: Common)
  constructor(block: Block | EncodedKeptBlock, second: readonly Log[] | Common) {
    if (!(block instanceof Block)) {
      const common = second as Common
      this.#fields = toByteString(block.fields)
      this.#common = common
      this.#uncles = block.uncles.length > 0 ? block.uncles.map((uncle) => createBlockHeaderFromRLP(uncle, { common })) : undefined
      this.#withdrawals =
        block.withdrawals === undefined
          ? undefined
          : block.withdrawals.length > 0
            ? block.withdrawals.map((w) => createWithdrawalFromBytesArray(w as WithdrawalBytes))
            : NO_WITHDRAWALS
      return
    }
    const logs = second as readonly Log[]
    const fields = block.header.raw()
    // A block whose logs the chain does not hold (a fork block: its transactions are the upstream's) keeps its bloom.
    if (equalsBytes(fields[LOGS_BLOOM] as Uint8Array, logsBloom(logs))) fields[LOGS_BLOOM] = new Uint8Array()
    this.#fields = toByteString(RLP.encode(fields))
    this.#common = block.header.common
    this.#uncles = block.uncleHeaders.length > 0 ? block.uncleHeaders : undefined
    const { withdrawals } = block
    this.#withdrawals = withdrawals === undefined ? undefined : withdrawals.length > 0 ? withdrawals : NO_WITHDRAWALS
    recentHeaders.set(this, block.header)
  }

  /** What a state file keeps of it: the header's fields as kept, and the uncles and withdrawals of an imported block. */
  encoded(): EncodedKeptBlock {
    return {
      fields: fromByteString(this.#fields),
      uncles: (this.#uncles ?? []).map((uncle) => uncle.serialize()),
      withdrawals: this.#withdrawals?.map((w) => w.raw()),
    }
  }

  /** The ethereumjs header; `logs` are the block's logs, in order (the bloom, when it was not kept, is theirs). */
  header(logs: () => readonly Log[]): BlockHeader {
    return recentHeaders.get(this, () => {
      const fields = RLP.decode(fromByteString(this.#fields)) as Uint8Array[]
      if ((fields[LOGS_BLOOM] as Uint8Array).length === 0) fields[LOGS_BLOOM] = logsBloom(logs())
      return createBlockHeaderFromBytesArray(fields, { common: this.#common })
    })
  }

  /** The header's parent hash, read from its bytes (no decoding). */
  get parentHash(): Uint8Array {
    return this.field(PARENT_HASH)
  }

  /** The header's state root, read from its bytes (no decoding). */
  get stateRoot(): Uint8Array {
    return this.field(STATE_ROOT)
  }

  /** The ethereumjs block of this header and `transactions` (its own, in order). */
  toBlock(transactions: TypedTransaction[], logs: () => readonly Log[]): Block {
    return new Block(this.header(logs), transactions, this.#uncles ?? [], this.#withdrawals as Withdrawal[] | undefined, {
      common: this.#common,
    })
  }

  /** Field `index` of the header, copied out of the kept bytes alone (headers are read field by field, often). */
  private field(index: number): Uint8Array {
    const text = this.#fields
    let at = itemBounds(text, 0)[0]
    for (let i = 0; i < index; i++) at = itemBounds(text, at)[1]
    if (at >= text.length) throw new Error(`a kept header has no field ${index}`)
    const [start, end] = itemBounds(text, at)
    const field = new Uint8Array(end - start)
    for (let i = start; i < end; i++) field[i - start] = text.charCodeAt(i)
    return field
  }
}

/** The number and timestamp of a header given as its RLP list, read where they lie. */
export function numberAndTimeOf(fields: Uint8Array): [number: bigint, timestamp: bigint] {
  let at = readRlpItem(fields, 0).start
  let number = 0n
  for (let index = 0; index <= TIMESTAMP; index++) {
    const item = readRlpItem(fields, at)
    if (item.end > fields.length) throw new Error(`a header has no field ${index}`)
    if (index === NUMBER) number = uintAt(fields, item.start, item.end)
    if (index === TIMESTAMP) return [number, uintAt(fields, item.start, item.end)]
    at = item.end
  }
  throw new Error('a header has no timestamp')
}

function uintAt(bytes: Uint8Array, start: number, end: number): bigint {
  if (end - start > 6) return bytesToBigInt(bytes.subarray(start, end))
  let value = 0
  for (let i = start; i < end; i++) value = value * 256 + (bytes[i] as number)
  return BigInt(value)
}

/** The payload bounds of the RLP item at `at` of bytes kept as a byte string, read a character at a time. */
function itemBounds(text: string, at: number): [start: number, end: number] {
  const first = text.charCodeAt(at)
  if (first < 0x80) return [at, at + 1]
  if (first < 0xb8) return [at + 1, at + 1 + first - 0x80]
  if (first >= 0xc0 && first < 0xf8) return [at + 1, at + 1 + first - 0xc0]
  const lengthBytes = first < 0xc0 ? first - 0xb7 : first - 0xf7
  let length = 0
  for (let i = 1; i <= lengthBytes; i++) length = length * 256 + text.charCodeAt(at + i)
  const start = at + 1 + lengthBytes
  return [start, start + length]
}
