import { z } from 'zod'
import { InvalidParamsError } from '../../errors.ts'
import type { Placement } from '../../reorg/anvilReorg.ts'
import { defineMethod, returns } from '../defineMethod.ts'
import { transactionCall, toCallRequest } from '../callRequest.ts'
import { quantityOrNumber } from '../controlSchemas.ts'
import { boolean, data } from '../schemas.ts'

const pair = z.tuple([z.union([data, transactionCall]), quantityOrNumber], {
  error: 'expected [transaction, blockIndex] pair: a raw signed transaction or a transaction request, and a block index',
})

/**
 * anvil_reorg [depth, [[tx, blockIndex], ...]?]: Anvil's reorg. The newest `depth` blocks are
 * replaced by as many new ones holding the given transactions (raw signed, or requests that a
 * dev account signs with nonces counted from the common ancestor); orphaned transactions are
 * dropped. A third parameter `force` allows going past `finalized` (chainsim's addition).
 */
export const anvil_reorg = defineMethod({
  name: 'anvil_reorg',
  description: "Anvil's reorg: the newest `depth` blocks replaced by as many holding the given transactions; orphans dropped.",
  params: [quantityOrNumber, z.array(pair).optional(), boolean.optional()],
  result: returns<null>(),
  writes: true,
  control: true,
  faultyArgument: { reorg: 0, reorgPlacement: 1 },
  handler: async ([depth, pairs, force], { node }) => {
    const placements = (pairs ?? []).map(([tx, blockIndex], index): Placement => {
      if (tx instanceof Uint8Array) return { transaction: tx, blockIndex: Number(blockIndex) }
      if (!tx.from) throw new InvalidParamsError(`invalid argument 1: pair ${index}: missing "from"`)
      return { transaction: { ...toCallRequest(tx), from: tx.from }, blockIndex: Number(blockIndex) }
    })
    await node.reorgs.anvilReorg(Number(depth), placements, force ?? false)
    return null
  },
})
