import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { ChainBlock } from './chain/types.ts'
import type { ChainNode } from './node.ts'

export interface ExportedChain {
  /** The geth genesis JSON file. */
  genesisFile: string
  /** The canonical blocks after genesis, RLP-encoded and concatenated. */
  blocksFile: string
  /** Number of the last block written. */
  head: bigint
}

/**
 * Writes a node's canonical chain as `genesis.json` (geth format) and `chain.rlp` (blocks 1 to
 * head, concatenated RLP: what hive's chain.rlp holds and `geth import` reads) into `dir`, so that
 * `chainsim serve --genesis DIR/genesis.json --import DIR/chain.rlp` serves the same chain again.
 * The pool and side branches are not written. State changed outside blocks (anvil_setBalance)
 * is not in any block: a chain with such changes is written, but its import stops at the first
 * block whose state root then differs.
 * @example const { blocksFile } = await exportChain(node, 'saved/dev')
 */
export async function exportChain(node: ChainNode, dir: string): Promise<ExportedChain> {
  // A consistent cut: no write runs while the blocks are read.
  const genesis = node.gethGenesis()
  const blocks = await node.consistentRead(() => {
    const { chain } = node
    const canonical: ChainBlock[] = []
    for (let n = chain.genesis.number + 1n; n <= chain.head.number; n++) canonical.push(chain.blockByNumber(n) as ChainBlock)
    return canonical
  })
  await mkdir(dir, { recursive: true })
  const genesisFile = join(dir, 'genesis.json')
  const blocksFile = join(dir, 'chain.rlp')
  await writeFile(genesisFile, `${JSON.stringify(genesis, null, 2)}\n`)
  await writeFile(blocksFile, Buffer.concat(blocks.map((b) => b.toBlock().serialize())))
  return { genesisFile, blocksFile, head: blocks.at(-1)?.number ?? 0n }
}
