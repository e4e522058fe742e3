import type { Chain } from '../chain/chain.ts'
import type { ReorgEvent } from '../chain/events.ts'
import type { ChainBlock } from '../chain/types.ts'
import type { SignedTransaction } from '../evm/index.ts'
import { matchesCriteria } from '../logs/index.ts'
import type { LogMatchCriteria, PositionedLog } from '../logs/index.ts'
import { logsOfBlock } from './blockLogs.ts'

/** What a subscriber is told, in domain types; the RPC layer formats and sends it. */
export type SubscriptionEvent =
  | { kind: 'newHead'; block: ChainBlock }
  | { kind: 'log'; log: PositionedLog; removed: boolean }
  | { kind: 'pendingTransaction'; transaction: SignedTransaction }

export type SubscriptionRequest = { kind: 'newHeads' } | { kind: 'logs'; criteria: LogMatchCriteria } | { kind: 'newPendingTransactions' }

/** Subscriptions one WebSocket connection may hold by default. */
export const DEFAULT_MAX_SUBSCRIPTIONS_PER_CONNECTION = 1_000

/** Who holds a subscription: its WebSocket connection, and the name the client gave itself (`?client=`). */
export interface SubscriptionOwner {
  connection: number
  client?: string
}

/**
 * Who is told: the connection holding the subscription, and `delivered`, which resolves once what the
 * listener was told has reached that subscriber (written to its socket).
 */
export interface Subscriber {
  owner?: SubscriptionOwner
  delivered?: () => Promise<void>
}

/** An open subscription as an explorer lists it. */
export interface SubscriptionSummary {
  id: string
  request: SubscriptionRequest
  owner?: SubscriptionOwner
  createdAt: number
  /** Notifications sent so far. */
  notified: number
}

interface Subscription {
  request: SubscriptionRequest
  listener: (event: SubscriptionEvent) => void
  owner?: SubscriptionOwner
  createdAt: number
  notified: number
  /** Resolves once what the listener was told so far has reached the subscriber (its socket). */
  delivered?: () => Promise<void>
}

/**
 * eth_subscribe's subscriptions, pushed as the chain changes. On a reorg, `logs` subscribers
 * get every orphaned matching log (oldest block first, removed: true), then the new branch's
 * logs, and `newHeads` subscribers every block of the new branch (geth's order).
 */
/** What a network's clients see of its subscriptions (never its chain events). */
export type NetworkSubscriptions = Pick<SubscriptionHub, 'subscribe' | 'unsubscribe' | 'list' | 'size' | 'maxPerConnection'>

export class SubscriptionHub {
  private readonly subscriptions = new Map<string, Subscription>()
  private nextId = 1

  /** How many subscriptions one connection may hold (the RPC layer enforces it per connection). */
  readonly maxPerConnection: number

  private chain: Chain
  private readonly onBlockAdded = (block: ChainBlock) => this.announceBlocks([block])
  private readonly onReorged = ({ removed, added }: ReorgEvent) => {
    this.announceLogs(removed, true)
    this.announceBlocks(added)
  }

  constructor(chain: Chain, options: { maxPerConnection?: number } = {}) {
    this.maxPerConnection = options.maxPerConnection ?? DEFAULT_MAX_SUBSCRIPTIONS_PER_CONNECTION
    this.chain = chain
    this.listenTo(chain)
  }

  /**
   * Follows `chain` in place of the one followed so far, which the node has just taken back to its genesis
   * (its removed logs are told): `chain`'s blocks above genesis are announced as if they had just joined.
   */
  follow(chain: Chain): void {
    this.chain.events.off('blockAdded', this.onBlockAdded)
    this.chain.events.off('reorged', this.onReorged)
    this.chain = chain
    this.listenTo(chain)
    const joined: ChainBlock[] = []
    for (let n = chain.genesis.number + 1n; n <= chain.head.number; n++) joined.push(chain.blockByNumber(n) as ChainBlock)
    this.announceBlocks(joined)
  }

  get size(): number {
    return this.subscriptions.size
  }

  subscribe(request: SubscriptionRequest, listener: (event: SubscriptionEvent) => void, subscriber: Subscriber = {}): string {
    const id = `0x${(this.nextId++).toString(16)}`
    const { owner, delivered } = subscriber
    const subscription: Subscription = { request, owner, delivered, createdAt: Date.now(), notified: 0, listener: () => {} }
    subscription.listener = (event) => {
      subscription.notified++
      listener(event)
    }
    this.subscriptions.set(id, subscription)
    return id
  }

  /** Open subscriptions with ids after `after` (numerically), oldest first, at most `limit`. */
  list(after: bigint, limit: number): SubscriptionSummary[] {
    const found: SubscriptionSummary[] = []
    for (const [id, { request, owner, createdAt, notified }] of this.subscriptions) {
      if (found.length >= limit) break
      if (BigInt(id) > after) found.push({ id, request, ...(owner ? { owner } : {}), createdAt, notified })
    }
    return found
  }

  /** Resolves once every notification made so far has reached its subscriber (each connection once). */
  async delivered(): Promise<void> {
    const outlets = new Set<() => Promise<void>>()
    for (const { delivered } of this.subscriptions.values()) if (delivered) outlets.add(delivered)
    await Promise.all([...outlets].map((delivered) => delivered()))
  }

  unsubscribe(id: string): boolean {
    return this.subscriptions.delete(id)
  }

  /** Called for each transaction admitted to the pool. */
  transactionPooled(transaction: SignedTransaction): void {
    for (const { request, listener } of this.subscriptions.values()) {
      if (request.kind === 'newPendingTransactions') listener({ kind: 'pendingTransaction', transaction })
    }
  }

  close(): void {
    this.subscriptions.clear()
  }

  private listenTo(chain: Chain): void {
    chain.events.on('blockAdded', this.onBlockAdded)
    chain.events.on('reorged', this.onReorged)
  }

  /** Logs first, then heads: a client reacting to a head finds its logs already announced. */
  private announceBlocks(blocks: readonly ChainBlock[]): void {
    this.announceLogs(blocks, false)
    for (const { request, listener } of this.subscriptions.values()) {
      if (request.kind !== 'newHeads') continue
      for (const block of blocks) listener({ kind: 'newHead', block })
    }
  }

  private announceLogs(blocks: readonly ChainBlock[], removed: boolean): void {
    const logSubscriptions = [...this.subscriptions.values()].filter((s) => s.request.kind === 'logs')
    if (logSubscriptions.length === 0) return
    for (const block of blocks) {
      if (block.logCount === 0) continue
      for (const log of logsOfBlock(block)) {
        for (const { request, listener } of logSubscriptions) {
          if (request.kind === 'logs' && matchesCriteria(log, request.criteria)) listener({ kind: 'log', log, removed })
        }
      }
    }
  }
}
