import type { Hash } from 'viem'
import { defineMethod, hardhatTwin, returns } from '../defineMethod.ts'
import { toData } from '../formatters/hex.ts'
import { hash32 } from '../schemas.ts'

export const anvil_dropTransaction = defineMethod({
  name: 'anvil_dropTransaction',
  description: 'Removes a pooled transaction: its hash, or null when none was pooled (as Anvil).',
  params: [hash32],
  result: returns<Hash | null>(),
  writes: true,
  control: true,
  handler: async ([hash], { node }) => ((await node.settings.dropTransaction(hash)) ? toData(hash) : null),
})

export const hardhat_dropTransaction = hardhatTwin(anvil_dropTransaction, 'whetherFound')
