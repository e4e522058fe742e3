import type { Quantity } from 'viem'
import { accountStateRead } from '../accountStateRead.ts'
import { returns } from '../defineMethod.ts'
import { toQuantity } from '../formatters/hex.ts'
import { address, blockTagOrHash } from '../schemas.ts'

export const eth_getBalance = accountStateRead({
  name: 'eth_getBalance',
  description: "An account's balance in wei at a block (latest when omitted).",
  params: [address, blockTagOrHash.optional()],
  result: returns<Quantity>(),
  read: async ([account], stateAtBlock) => toQuantity(await (await stateAtBlock()).getBalance(account)),
})
