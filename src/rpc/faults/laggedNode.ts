import type { BlockSelector } from '../../chain/types.ts'
import { chainAsOf } from '../../chain/chainAsOf.ts'
import type { ChainNode } from '../../node.ts'

/**
 * The node as a replica `blocks` behind its head answers reads: its head is the canonical block `blocks` below
 * the real one (never below genesis), blocks and transactions above it are unknown, tags and log ranges resolve
 * against it. Everything else (writes, the pool and the pending block, filters) is the node's own: a lagging
 * replica still forwards writes. The view follows the chain: after a reorg it shows the new branch up to its head,
 * and after anvil_reset or anvil_loadState replaces the chain, the new chain (the view is made again for it).
 *
 * It is a Proxy over the node rather than a second class: the RPC methods run unchanged on it, and any member
 * not listed here is the node's, bound to it (its private fields stay reachable). The members it views are
 * those the lagged methods (declared `lagged`, src/rpc/registry.ts) read the chain through: the head, the chain,
 * blocks by selector, transactions and the log query; test/rpc/faults/laggedMethods.test.ts holds every lagged
 * method's answer through it to the same method's answer at the older head.
 */
export function laggedNode(node: ChainNode, blocks: bigint): ChainNode {
  const head = () => {
    const lagged = node.head.number - blocks
    return lagged < node.chain.genesis.number ? node.chain.genesis.number : lagged
  }
  let base = node.chain
  let view = chainAsOf(base, head)
  /** The view of the node's chain now: one replaced chain's view would keep answering from the discarded chain. */
  const chain = () => {
    if (node.chain !== base) {
      base = node.chain
      view = chainAsOf(base, head)
    }
    return view
  }
  const views: { [K in keyof ChainNode]?: () => ChainNode[K] } = {
    chain,
    head: () => chain().head,
    blockBySelector: () => (selector: BlockSelector) => chain().blockByNumber(typeof selector === 'bigint' ? selector : chain().tagNumber(selector)),
    transaction: () => (hash) => {
      const found = node.transaction(hash)
      return found?.status === 'mined' && found.location.block.number > head() ? undefined : found
    },
    queryLogs: () => (filter, limits, options) => node.queryLogs(filter, limits, { ...options, asOf: head() }),
  }
  return new Proxy(node, {
    get(target, property) {
      const view = views[property as keyof ChainNode]
      if (view) return view()
      const value: unknown = Reflect.get(target, property, target)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
}
