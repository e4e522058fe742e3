import { z } from 'zod'
import { InvalidParamsError } from '../../errors.ts'
import { defineMethod, returns } from '../defineMethod.ts'
import { MAX_TREE_HEIGHTS } from '../explorerAnswers.ts'
import type { ForkTree } from '../explorerAnswers.ts'
import { cursor } from '../pageSchemas.ts'
import { formatReorgEntry, formatTags, formatTreeBlock } from '../formatters/explorer.ts'
import { toQuantity } from '../formatters/hex.ts'
import type { TreeBlock } from '../explorerAnswers.ts'

/** Heights answered when no range is given: the newest. */
const DEFAULT_TREE_HEIGHTS = 100n
/** Blocks shown at one height; a height reorganised more often says how many more it has. */
const MAX_BLOCKS_PER_HEIGHT = 16
/** Reorganisations annotated per call, newest first. */
const MAX_REORGS = 100

const range = z.object({ fromBlock: cursor.optional(), toBlock: cursor.optional() }, { error: 'expected {fromBlock?, toBlock?}' }).strict().default({})

/**
 * sim_forkTree [{fromBlock?, toBlock?}]: every block at heights `fromBlock..toBlock` (default: the newest 100;
 * at most 1000 heights), canonical and orphaned, newest height first; head, safe and finalized; and the
 * reorganisations that changed those heights (newest first), each with what made it. `top` is the highest
 * height of any block (above the head when orphaned blocks stand there); heights past it are left out, and so
 * are heights below the chain's first block (a fork's blocks there are its upstream's, not in the tree).
 */
export const sim_forkTree = defineMethod({
  name: 'sim_forkTree',
  description: 'Every block at a range of heights, canonical and orphaned, with the tags and the reorgs that changed them.',
  params: [range],
  result: returns<ForkTree>(),
  control: true,
  handler: async ([{ fromBlock, toBlock }], { node }) => {
    if (fromBlock !== undefined && toBlock !== undefined && fromBlock > toBlock) {
      throw new InvalidParamsError('invalid argument 0: fromBlock is after toBlock')
    }
    return node.consistentRead(() => {
      const { chain } = node
      // Orphaned blocks may stand above the head (after a rollback or a revert): the tree reaches them.
      const top = chain.highestNumber
      const to = toBlock === undefined || toBlock > top ? top : toBlock
      const first = chain.genesis.number
      const newest = to >= first + DEFAULT_TREE_HEIGHTS ? to - DEFAULT_TREE_HEIGHTS + 1n : first
      const from = fromBlock === undefined ? newest : fromBlock < first ? first : fromBlock
      if (to - from + 1n > BigInt(MAX_TREE_HEIGHTS)) {
        throw new InvalidParamsError(`invalid argument 0: at most ${MAX_TREE_HEIGHTS} heights per call`)
      }
      const blocks: TreeBlock[] = []
      const crowded: Array<{ number: string; more: number }> = []
      for (let n = to; n >= from; n--) {
        const all = chain.blocksAtHeight(n)
        const canonical = chain.blockByNumber(n)
        // The canonical block first, then the orphaned ones, newest first: the latest side branches matter most.
        const orphaned = all.filter((b) => b !== canonical).reverse()
        const shown = [...(canonical ? [canonical] : []), ...orphaned].slice(0, MAX_BLOCKS_PER_HEIGHT)
        for (const block of shown) blocks.push(formatTreeBlock(block, block === canonical))
        if (all.length > shown.length) crowded.push({ number: toQuantity(n), more: all.length - shown.length })
      }
      return {
        ...formatTags(node),
        top: toQuantity(top),
        fromBlock: toQuantity(from),
        toBlock: toQuantity(to),
        blocks,
        crowded,
        reorgs: node.reorgs.history.touching(from, to, MAX_REORGS).map(formatReorgEntry),
      }
    })
  },
})
