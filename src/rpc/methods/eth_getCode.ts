import type { Hex } from 'viem'
import { accountStateRead } from '../accountStateRead.ts'
import { returns } from '../defineMethod.ts'
import { toData } from '../formatters/hex.ts'
import { address, blockTagOrHash } from '../schemas.ts'

export const eth_getCode = accountStateRead({
  name: 'eth_getCode',
  description: "An account's code at a block (latest when omitted).",
  params: [address, blockTagOrHash.optional()],
  result: returns<Hex>(),
  read: async ([account], stateAtBlock) => toData(await (await stateAtBlock()).getCode(account)),
})
