import type { Hex } from 'viem'
import { defineMethod, returns } from '../defineMethod.ts'
import { toData } from '../formatters/hex.ts'
import { hash32 } from '../schemas.ts'

export const ots_getTransactionError = defineMethod({
  name: 'ots_getTransactionError',
  description: "A mined transaction's revert data: 0x when it succeeded, failed without any, or is not mined.",
  params: [hash32],
  result: returns<Hex>(),
  reads: { block: { param: 0, kind: 'transaction' } },
  lagged: true,
  fork: 'local',
  handler: ([hash], { node }) => {
    const found = node.chain.transaction(hash)
    const failure = found?.block.transactions[found.index]?.failure
    return toData(failure?.returnData ?? new Uint8Array())
  },
})
