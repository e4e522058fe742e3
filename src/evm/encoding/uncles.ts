import { Block } from '@ethereumjs/block'

/**
 * Uncle `index` of `block` as a block of its own, with no body: what geth formats for
 * eth_getUncleBy*. Only proof-of-work blocks (an imported chain's) have uncles; undefined past the last.
 */
export function uncleAsBlock(block: Block, index: bigint): Block | undefined {
  if (index >= BigInt(block.uncleHeaders.length)) return undefined
  const header = block.uncleHeaders[Number(index)]!
  return new Block(header, [], [], undefined, { common: header.common })
}
