import { EventEmitter } from 'node:events'
import { maxFeePerGasOf } from '../evm/index.ts'
import type { SignedTransaction } from '../evm/index.ts'
import { TransactionRejected } from './errors.ts'

/** A transaction as the pool holds it (the way in is PoolEntry, src/txpool/poolEntry.ts). */
interface PooledTransaction {
  readonly signed: SignedTransaction
  /** Arrival order: the tie-break between equal fees, as geth's. */
  readonly arrival: number
}

export interface TxPoolEvents {
  added: [signed: SignedTransaction]
  /** Gone from the pool: mined, dropped, replaced by a higher fee, or cleared. */
  removed: [hashKey: string]
}

/**
 * The order a block takes executable transactions in across senders (each sender's always go in nonce order):
 * the highest tip first, arrival breaking ties (`fees`, geth's and Anvil's default), or arrival alone (`fifo`,
 * Anvil's `--order fifo`).
 */
export type TransactionOrder = 'fees' | 'fifo'

/** Pooled transactions per network by default (geth's default slots are 5,120 + 1,024 queued). */
export const DEFAULT_MAX_POOL_SIZE = 10_000

/** Replacing a pooled transaction needs both fee fields raised by this many percent (geth's default). */
const REPLACEMENT_BUMP_PERCENT = 10n
/** geth's blob pool asks twice the fees: blobs are costly to propagate again. */
const BLOB_REPLACEMENT_BUMP_PERCENT = 100n

/**
 * Signed transactions waiting to be mined, by sender and nonce. A transaction whose nonce is
 * ahead of its sender's next nonce is held (queued) until the gap is filled. Admission rules
 * that need state (nonce, balance) are checked by the node before `add`.
 */
export class TxPool {
  readonly events = new EventEmitter<TxPoolEvents>()
  private readonly bySender = new Map<string, Map<bigint, PooledTransaction>>()
  private readonly byHash = new Map<string, PooledTransaction>()
  private arrivals = 0
  /** Changes whenever the contents change, so a pending block can be cached against it. */
  version = 0

  constructor(
    private readonly maxSize = DEFAULT_MAX_POOL_SIZE,
    private readonly order: TransactionOrder = 'fees',
  ) {}

  get size(): number {
    return this.byHash.size
  }

  get(hashKey: string): SignedTransaction | undefined {
    return this.byHash.get(hashKey)?.signed
  }

  has(hashKey: string): boolean {
    return this.byHash.has(hashKey)
  }

  /** Every pooled transaction in arrival order. */
  all(): SignedTransaction[] {
    return [...this.byHash.values()].sort((a, b) => a.arrival - b.arrival).map((e) => e.signed)
  }

  /** The pooled transaction `fromKey` sent with `nonce`, if any. */
  bySenderAndNonce(fromKey: string, nonce: bigint): SignedTransaction | undefined {
    return this.bySender.get(fromKey)?.get(nonce)?.signed
  }

  /** The first nonce at or after `stateNonce` that the sender has no pooled transaction for. */
  nextNonce(fromKey: string, stateNonce: bigint): bigint {
    const nonces = this.bySender.get(fromKey)
    let nonce = stateNonce
    while (nonces?.has(nonce)) nonce++
    return nonce
  }

  /** Adds a transaction; one with the same sender and nonce is replaced only by a higher fee. */
  add(signed: SignedTransaction): { replaced?: SignedTransaction } {
    if (this.byHash.has(signed.hashKey)) throw new TransactionRejected(`already known`)
    const nonces = this.bySender.get(signed.fromKey) ?? new Map<bigint, PooledTransaction>()
    const existing = nonces.get(signed.tx.nonce)
    if (existing && !outbids(signed, existing.signed)) {
      throw new TransactionRejected('replacement transaction underpriced')
    }
    if (!existing && this.byHash.size >= this.maxSize) throw new TransactionRejected(`txpool is full: at most ${this.maxSize} transactions`)
    if (existing) {
      this.byHash.delete(existing.signed.hashKey)
      this.events.emit('removed', existing.signed.hashKey)
    }
    const entry = { signed, arrival: this.arrivals++ }
    nonces.set(signed.tx.nonce, entry)
    this.bySender.set(signed.fromKey, nonces)
    this.byHash.set(signed.hashKey, entry)
    this.version++
    this.events.emit('added', signed)
    return existing ? { replaced: existing.signed } : {}
  }

  /** Removes transactions by hash (mined, dropped, or refused by the block builder). */
  remove(hashKeys: Iterable<string>): void {
    for (const hashKey of hashKeys) {
      const entry = this.byHash.get(hashKey)
      if (!entry) continue
      this.byHash.delete(hashKey)
      const nonces = this.bySender.get(entry.signed.fromKey)
      nonces?.delete(entry.signed.tx.nonce)
      if (nonces?.size === 0) this.bySender.delete(entry.signed.fromKey)
      this.version++
      this.events.emit('removed', hashKey)
    }
  }

  /** Empties the pool (anvil_dropAllTransactions, evm_revert, a replaced chain). */
  clear(): void {
    this.remove([...this.byHash.keys()])
  }

  /**
   * Pooled transactions split as geth's txpool reports them: `pending` can run in nonce order
   * from the sender's next nonce; `queued` wait behind a nonce gap.
   */
  async partition(nonceOf: (from: Uint8Array) => Promise<bigint>): Promise<{ pending: SignedTransaction[]; queued: SignedTransaction[] }> {
    const pending: SignedTransaction[] = []
    const queued: SignedTransaction[] = []
    for (const nonces of this.bySender.values()) {
      const first = nonces.values().next().value
      if (!first) continue
      let next = await nonceOf(first.signed.from)
      const sorted = [...nonces.values()].sort((a, b) => (a.signed.tx.nonce < b.signed.tx.nonce ? -1 : 1))
      for (const entry of sorted) {
        if (entry.signed.tx.nonce === next) {
          pending.push(entry.signed)
          next++
        } else {
          queued.push(entry.signed)
        }
      }
    }
    return { pending, queued }
  }

  /** Drops every transaction whose nonce its sender has already used. */
  async removeStale(nonceOf: (from: Uint8Array) => Promise<bigint>): Promise<SignedTransaction[]> {
    const stale: SignedTransaction[] = []
    for (const nonces of this.bySender.values()) {
      const first = nonces.values().next().value
      if (!first) continue
      const next = await nonceOf(first.signed.from)
      for (const [nonce, entry] of nonces) if (nonce < next) stale.push(entry.signed)
    }
    this.remove(stale.map((s) => s.hashKey))
    return stale
  }

  /**
   * The order a block would take them in: for each sender, the run of consecutive nonces
   * starting at its next nonce; across senders, the highest tip at `baseFee` first, then
   * arrival (arrival alone with the `fifo` order). Transactions that cannot pay the block's base fee or blob base fee wait.
   */
  async executable(
    { baseFee, blobBaseFee }: { baseFee: bigint; blobBaseFee: bigint },
    nonceOf: (from: Uint8Array) => Promise<bigint>,
  ): Promise<SignedTransaction[]> {
    const queues: PooledTransaction[][] = []
    for (const nonces of this.bySender.values()) {
      const first = nonces.values().next().value
      if (!first) continue
      let nonce = await nonceOf(first.signed.from)
      const run: PooledTransaction[] = []
      for (let entry = nonces.get(nonce); entry; entry = nonces.get(++nonce)) {
        const { tx } = entry.signed
        if (maxFeePerGasOf(tx) < baseFee || ('maxFeePerBlobGas' in tx && tx.maxFeePerBlobGas < blobBaseFee)) break
        run.push(entry)
      }
      if (run.length > 0) queues.push(run)
    }
    const ordered: SignedTransaction[] = []
    const heads = queues.map(() => 0)
    for (;;) {
      let best = -1
      for (let i = 0; i < queues.length; i++) {
        const candidate = queues[i]?.[heads[i] as number]
        if (!candidate) continue
        const current = best < 0 ? undefined : queues[best]?.[heads[best] as number]
        if (!current || (this.order === 'fifo' ? candidate.arrival < current.arrival : ranksBefore(candidate, current, baseFee))) best = i
      }
      if (best < 0) return ordered
      ordered.push((queues[best] as PooledTransaction[])[heads[best] as number]!.signed)
      heads[best] = (heads[best] as number) + 1
    }
  }
}

function ranksBefore(a: PooledTransaction, b: PooledTransaction, baseFee: bigint): boolean {
  const tipA = a.signed.tx.getEffectivePriorityFee(baseFee)
  const tipB = b.signed.tx.getEffectivePriorityFee(baseFee)
  return tipA !== tipB ? tipA > tipB : a.arrival < b.arrival
}

/**
 * Whether `next` may replace `current`: each fee raised by 10%, or by 100% when a blob
 * transaction is involved, the blob fee cap too when both are (geth's blob pool bump).
 */
function outbids(next: SignedTransaction, current: SignedTransaction): boolean {
  const blobFeeCap = (s: SignedTransaction) => ('maxFeePerBlobGas' in s.tx ? s.tx.maxFeePerBlobGas : undefined)
  const percent = blobFeeCap(next) !== undefined || blobFeeCap(current) !== undefined ? BLOB_REPLACEMENT_BUMP_PERCENT : REPLACEMENT_BUMP_PERCENT
  const bumped = (fee: bigint) => fee + (fee * percent) / 100n
  const tip = (s: SignedTransaction) => ('maxPriorityFeePerGas' in s.tx ? s.tx.maxPriorityFeePerGas : s.tx.gasPrice)
  const nextBlobFee = blobFeeCap(next)
  const currentBlobFee = blobFeeCap(current)
  return (
    maxFeePerGasOf(next.tx) >= bumped(maxFeePerGasOf(current.tx)) &&
    tip(next) >= bumped(tip(current)) &&
    (nextBlobFee === undefined || currentBlobFee === undefined || nextBlobFee >= bumped(currentBlobFee))
  )
}
