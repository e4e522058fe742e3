import type { Quantity } from 'viem'
import { defineMethod, returns, twinOf } from '../defineMethod.ts'
import { uint64OrNumber } from '../controlSchemas.ts'
import { toQuantity } from '../formatters/hex.ts'

export const evm_increaseTime = defineMethod({
  name: 'evm_increaseTime',
  description: 'Later blocks are that many seconds later; the total offset.',
  params: [uint64OrNumber],
  result: returns<Quantity>(),
  writes: true,
  control: true,
  handler: async ([seconds], { node }) => toQuantity(await node.settings.increaseTime(seconds)),
})

export const anvil_increaseTime = twinOf(evm_increaseTime, 'anvil_increaseTime', 'same')
