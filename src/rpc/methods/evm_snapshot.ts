import type { Quantity } from 'viem'
import { defineMethod, returns, twinOf } from '../defineMethod.ts'
import { toQuantity } from '../formatters/hex.ts'

export const evm_snapshot = defineMethod({
  name: 'evm_snapshot',
  description: 'Remembers the chain, pool and clock; the id to revert to.',
  params: [],
  result: returns<Quantity>(),
  writes: true,
  // A played recording expects the same snapshot id.
  recorded: { as: 'sent', answerChecked: true },
  control: true,
  handler: async (_params, { node }) => toQuantity(await node.reorgs.snapshot()),
})

export const anvil_snapshot = twinOf(evm_snapshot, 'anvil_snapshot', 'same')
