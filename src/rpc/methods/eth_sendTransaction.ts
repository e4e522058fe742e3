import type { Hash } from 'viem'
import { InvalidParamsError } from '../../errors.ts'
import { defineMethod, returns } from '../defineMethod.ts'
import { transactionCall, toCallRequest } from '../callRequest.ts'
import { toData } from '../formatters/hex.ts'

export const eth_sendTransaction = defineMethod({
  name: 'eth_sendTransaction',
  description: 'Signs with the named dev account (or an impersonated one) and sends; unset fields filled as Anvil fills them.',
  params: [transactionCall],
  result: returns<Hash>(),
  writes: true,
  // A played recording expects the same transaction hash.
  recorded: { as: 'sent', answerChecked: true },
  handler: async ([call], { node }) => {
    if (!call.from) throw new InvalidParamsError('invalid argument 0: missing "from"')
    return toData(await node.sendTransaction({ ...toCallRequest(call), from: call.from, chainId: call.chainId }, { answer: 'admitted' }))
  },
})
