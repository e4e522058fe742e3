import type { Hash } from 'viem'
import { InvalidParamsError } from '../../errors.ts'
import { defineMethod, returns } from '../defineMethod.ts'
import { transactionCall, toCallRequest } from '../callRequest.ts'
import { toData } from '../formatters/hex.ts'

/**
 * eth_sendUnsignedTransaction [tx] (Anvil's; viem's testClient.sendUnsignedTransaction): sends `tx` as its
 * `from`, whoever that is and without impersonating it first, with Anvil's bypass signature (r = s = 0) and
 * the hash Anvil gives it; unset fields are filled as eth_sendTransaction fills them.
 */
export const eth_sendUnsignedTransaction = defineMethod({
  name: 'eth_sendUnsignedTransaction',
  description: "Sends a transaction as its `from`, whoever that is, with Anvil's bypass signature and hash.",
  params: [transactionCall],
  result: returns<Hash>(),
  writes: true,
  // A played recording expects the same transaction hash.
  recorded: { as: 'sent', answerChecked: true },
  handler: async ([call], { node }) => {
    if (!call.from) throw new InvalidParamsError('invalid argument 0: missing "from"')
    return toData(await node.sendUnsignedTransaction({ ...toCallRequest(call), from: call.from, chainId: call.chainId }, { answer: 'admitted' }))
  },
})
