import type { Hash } from 'viem'
import { defineMethod, returns } from '../defineMethod.ts'
import { toData } from '../formatters/hex.ts'
import { data } from '../schemas.ts'

export const eth_sendRawTransaction = defineMethod({
  name: 'eth_sendRawTransaction',
  description: 'Admits a signed transaction (mined at once under automine); its hash.',
  params: [data],
  result: returns<Hash>(),
  writes: true,
  // A played recording expects the same transaction hash.
  recorded: { as: 'sent', answerChecked: true },
  cost: { infura: 80, alchemy: 250 },
  handler: async ([raw], { node }) => toData(await node.sendRawTransaction(raw, { answer: 'admitted' })),
})
