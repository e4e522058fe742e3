import { Block, createBlockHeaderFromRLP } from '@ethereumjs/block'
import type { BlockHeader } from '@ethereumjs/block'
import type { Common } from '@ethereumjs/common'
import type { TypedTransaction } from '@ethereumjs/tx'
import type { Withdrawal } from '@ethereumjs/util'
import { fromByteString, toByteString } from './byteString.ts'
import { readRlpItem, readRlpList } from './rlpItems.ts'
import { RecentCache } from './recentCache.ts'

export type { BlockHeader }

/** Positions of header fields in its RLP list. */
const STATE_ROOT = 3

/** Headers in use are those of the newest blocks (the head's base fee, the parent of the next block). */
const recentHeaders = new RecentCache<KeptBlock, BlockHeader>(256)

const NO_WITHDRAWALS: readonly Withdrawal[] = Object.freeze([])

/**
 * What a chain keeps of a sealed block besides its transactions: its header's bytes, and what its body
 * holds that blocks chainsim builds leave empty (uncles, withdrawals: kept only when an imported block
 * has some). An ethereumjs header holds a dozen separate arrays, ~2.5 KB all told; its bytes are ~600.
 * The ethereumjs header is decoded when asked for, and the most recently asked for are kept.
 */
export class KeptBlock {
  readonly #header: string
  readonly #common: Common
  readonly #uncles: BlockHeader[] | undefined
  readonly #withdrawals: readonly Withdrawal[] | undefined

  constructor(block: Block) {
    this.#header = toByteString(block.header.serialize())
    this.#common = block.header.common
    this.#uncles = block.uncleHeaders.length > 0 ? block.uncleHeaders : undefined
    const { withdrawals } = block
    this.#withdrawals = withdrawals === undefined ? undefined : withdrawals.length > 0 ? withdrawals : NO_WITHDRAWALS
    recentHeaders.set(this, block.header)
  }

  get header(): BlockHeader {
    return recentHeaders.get(this, () => createBlockHeaderFromRLP(fromByteString(this.#header), { common: this.#common }))
  }

  /** The header's state root, read from its bytes (no decoding). */
  get stateRoot(): Uint8Array {
    const bytes = fromByteString(this.#header)
    const field = readRlpList(bytes, readRlpItem(bytes, 0))[STATE_ROOT]
    if (!field) throw new Error('a kept header has no state root')
    return bytes.subarray(field.start, field.end)
  }

  /** The ethereumjs block of this header and `transactions` (its own, in order). */
  toBlock(transactions: TypedTransaction[]): Block {
    return new Block(this.header, transactions, this.#uncles ?? [], this.#withdrawals as Withdrawal[] | undefined, {
      common: this.#common,
    })
  }
}
