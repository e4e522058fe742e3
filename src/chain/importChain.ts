import { BlockImportError, bytesToHex, decodeRlpBlocks, ExecutionEngine, parseGethGenesis } from '../evm/index.ts'
import { Chain, toChainBlock } from './chain.ts'
import { defaultStateBlocks } from './stateWindow.ts'
import type { StateBlocks } from './stateWindow.ts'
import type { FinalityDepths } from './types.ts'

export interface ImportChainOptions {
  /** Depths of `safe` and `finalized` for blocks mined after the import (default 32 and 64). */
  finality?: Pick<FinalityDepths, 'safeDepth' | 'finalizedDepth'>
  /** How many of the newest blocks keep their state (default 256, at least finalizedDepth + 64; `'all'`: every one). */
  stateBlocks?: StateBlocks
}

export interface ImportedChain {
  chain: Chain
  /** The genesis file's `name`, when it has one. */
  name: string | undefined
}

const DEFAULT_DEPTHS = { safeDepth: 32n, finalizedDepth: 64n }

/**
 * Builds a chain from a geth genesis (parsed JSON) and a file of concatenated RLP blocks, as
 * `geth init` + `geth import` would: each block is executed on its parent's state and its gas
 * used, bloom, receipts root, state root and requests hash are checked; proof-of-work seals are
 * not. A leading genesis block in the file is accepted when it is this genesis (geth's export
 * writes it). The chain is returned only once every block is in: a bad file throws (GenesisError
 * or BlockImportError, naming the field or the block) and leaves nothing behind.
 *
 * The imported blocks count as finalized: `safe` and `finalized` are at least the last of them
 * (the forkchoice the hive harness sends with its chain makes it head, safe and finalized).
 * @example const { chain } = await importChain(JSON.parse(genesisText), readFileSync('chain.rlp'))
 */
export async function importChain(genesisJson: unknown, blocks: Uint8Array, options: ImportChainOptions = {}): Promise<ImportedChain> {
  const genesis = parseGethGenesis(genesisJson)
  const engine = await ExecutionEngine.create(genesis.common, { followForks: true })
  const genesisBlock = await engine.createGenesis(genesis.spec)
  const depths = options.finality ?? DEFAULT_DEPTHS
  const finality: FinalityDepths = { ...depths, safeAtLeast: 0n, finalizedAtLeast: 0n }
  const chain = new Chain(engine, toChainBlock(genesisBlock, []), finality, options.stateBlocks ?? defaultStateBlocks(depths.finalizedDepth))

  for (const block of decodeRlpBlocks(blocks, genesis.common)) {
    const { number } = block.header
    const hash = bytesToHex(block.hash())
    if (number === 0n) {
      if (hash !== chain.genesis.hashKey) {
        throw new BlockImportError(0n, `the file's genesis ${hash} is not the genesis file's ${chain.genesis.hashKey}`)
      }
      continue
    }
    const parent = chain.head
    if (number !== parent.number + 1n) {
      throw new BlockImportError(number, `expected block ${parent.number + 1n} next (blocks must be in order, each once)`)
    }
    if (bytesToHex(block.header.parentHash) !== parent.hashKey) {
      throw new BlockImportError(
        number,
        `parent hash ${bytesToHex(block.header.parentHash)} is not block ${parent.number}'s hash ${parent.hashKey}` +
          (parent.number === 0n ? ' (the chain was not built on this genesis)' : ''),
      )
    }
    const executed = await engine.executeBlock(block, parent.stateRoot, chain.ancestorHashes(parent))
    chain.extend({ block, executed, rejected: [], deferred: [] })
  }
  finality.safeAtLeast = chain.head.number
  finality.finalizedAtLeast = chain.head.number
  return { chain, name: genesis.name }
}
