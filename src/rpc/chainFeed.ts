import type { ReorgEvent } from '../chain/events.ts'
import type { ChainBlock } from '../chain/types.ts'
import type { ChainNode } from '../node.ts'
import { blockRef, formatTags, formatTreeBlock } from './formatters/explorer.ts'
import { toQuantity } from './formatters/hex.ts'

/** One change of the canonical chain as `sim_subscribe chain` tells it (a `block`, a `reorg`, or `replaced`). */
export type ChainChange = Record<string, unknown>

/**
 * A node's chain changes as `sim_subscribe chain` tells them, for every such subscription on the node: one
 * listener of each kind on the chain (and one for the node's chain replacements) whatever the number of
 * subscribers, each change formatted once. The listeners come with the first subscriber and go with the last.
 */
export class ChainFeed {
  private readonly subscribers = new Set<(change: ChainChange) => void>()
  private unfollow: (() => void) | undefined

  constructor(private readonly node: ChainNode) {}

  /** `subscriber` hears every change from now on; the returned function ends that. */
  listen(subscriber: (change: ChainChange) => void): () => void {
    this.subscribers.add(subscriber)
    this.unfollow ??= this.follow()
    return () => {
      this.subscribers.delete(subscriber)
      if (this.subscribers.size > 0) return
      this.unfollow?.()
      this.unfollow = undefined
    }
  }

  private tell(change: ChainChange): void {
    for (const subscriber of this.subscribers) subscriber(change)
  }

  private follow(): () => void {
    const { node } = this
    const onBlock = (block: ChainBlock) => this.tell({ type: 'block', block: formatTreeBlock(block, true) })
    const onReorg = ({ commonAncestor, removed, added }: ReorgEvent) =>
      this.tell({
        type: 'reorg',
        commonAncestor: blockRef(commonAncestor),
        removed: removed.map((b) => b.hashKey),
        added: added.map((b) => formatTreeBlock(b, true)),
      })
    let chain = node.chain
    const attach = () => {
      chain.events.on('blockAdded', onBlock)
      chain.events.on('reorged', onReorg)
    }
    const detach = () => {
      chain.events.off('blockAdded', onBlock)
      chain.events.off('reorged', onReorg)
    }
    // The old chain has told its way back to genesis; the new one is told whole, as one event to read it by.
    const stopReplaced = node.onChainReplaced(() => {
      detach()
      chain = node.chain
      attach()
      this.tell({ type: 'replaced', ...formatTags(node), top: toQuantity(chain.highestNumber) })
    })
    attach()
    return () => {
      detach()
      stopReplaced()
    }
  }
}

const feeds = new WeakMap<ChainNode, ChainFeed>()

/** The node's one chain feed. */
export function chainFeedOf(node: ChainNode): ChainFeed {
  let feed = feeds.get(node)
  if (!feed) feeds.set(node, (feed = new ChainFeed(node)))
  return feed
}
