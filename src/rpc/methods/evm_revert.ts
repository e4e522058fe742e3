import { defineMethod, returns, twinOf } from '../defineMethod.ts'
import { quantityOrNumber } from '../controlSchemas.ts'

/**
 * evm_revert [id]: goes back to a snapshot (filters and subscriptions see the removed blocks,
 * as after a reorg) and forgets it and later ones; false for an unknown id.
 */
export const evm_revert = defineMethod({
  name: 'evm_revert',
  description: 'Goes back to a snapshot (filters see the removed blocks, as after a reorg); false for an unknown id.',
  params: [quantityOrNumber],
  result: returns<boolean>(),
  writes: true,
  // A played recording expects the same answer: whether the snapshot was there to revert to.
  recorded: { as: 'sent', answerChecked: true },
  control: true,
  handler: async ([id], { node }) => node.reorgs.revert(Number(id)),
})

export const anvil_revert = twinOf(evm_revert, 'anvil_revert', 'same')
