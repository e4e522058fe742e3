import type { ChainReader } from './chain.ts'
import { resolveTagNumber } from './tags.ts'

/**
 * The chain as a replica whose head is the canonical block `head()` sees it: blocks above it (canonical or not)
 * and their transactions are unknown, and tags resolve against it. A replica behind a load balancer that has not
 * yet imported the newest blocks answers this way.
 * @example const behind = chainAsOf(node.chain, () => node.head.number - 2n)
 */
export function chainAsOf(chain: ChainReader, head: () => bigint): ChainReader {
  const known = (number: bigint) => number <= head()
  return {
    get head() {
      return chain.blockByNumber(head()) ?? chain.head
    },
    get genesis() {
      return chain.genesis
    },
    get chainId() {
      return chain.chainId
    },
    get genesisChainId() {
      return chain.genesisChainId
    },
    get finality() {
      return chain.finality
    },
    get highestNumber() {
      const highest = chain.highestNumber
      return highest < head() ? highest : head()
    },
    get stateBlocks() {
      return chain.stateBlocks
    },
    events: chain.events,
    hasState: (block) => chain.hasState(block),
    blockByNumber: (number) => (known(number) ? chain.blockByNumber(number) : undefined),
    blockByHash: (hash) => {
      const block = chain.blockByHash(hash)
      return block && known(block.number) ? block : undefined
    },
    blocksAtHeight: (number) => (known(number) ? chain.blocksAtHeight(number) : []),
    allBlocks: () => chain.allBlocks().filter((block) => known(block.number)),
    isCanonical: (block) => known(block.number) && chain.isCanonical(block),
    tagNumber: (tag) => resolveTagNumber(tag, head(), chain.finality),
    transaction: (hash) => {
      const location = chain.transaction(hash)
      return location && known(location.block.number) ? location : undefined
    },
  }
}
