import { defineMethod, returns } from '../defineMethod.ts'
import { quantityOrNumber } from '../controlSchemas.ts'
import { boolean } from '../schemas.ts'

/**
 * anvil_rollback [depth?, force?]: removes the newest `depth` blocks (default 1) without replacing
 * them; past `finalized` only with `force` (chainsim's addition to Anvil's parameters).
 */
export const anvil_rollback = defineMethod({
  name: 'anvil_rollback',
  description: 'Removes the newest `depth` blocks (default 1) without replacing them; past `finalized` only with `force`.',
  params: [quantityOrNumber.optional(), boolean.optional()],
  result: returns<null>(),
  writes: true,
  control: true,
  faultyArgument: { reorg: 0 },
  handler: async ([depth, force], { node }) => {
    await node.reorgs.rollback(Number(depth ?? 1n), force ?? false)
    return null
  },
})
