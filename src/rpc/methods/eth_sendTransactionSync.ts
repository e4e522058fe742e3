import type { RpcTransactionReceipt } from 'viem'
import { InvalidParamsError } from '../../errors.ts'
import { defineMethod, returns } from '../defineMethod.ts'
import { transactionCall, toCallRequest } from '../callRequest.ts'
import { receiptOnceMined, syncTimeout } from '../syncSend.ts'

// Anvil's: eth_sendTransaction answering the receipt. The optional timeout is eth_sendRawTransactionSync's
// (Anvil takes none), so both sync sends wait and time out alike.
export const eth_sendTransactionSync = defineMethod({
  name: 'eth_sendTransactionSync',
  description: 'eth_sendTransaction answering the receipt once mined, waiting as eth_sendRawTransactionSync does.',
  params: [transactionCall, syncTimeout.optional()],
  result: returns<RpcTransactionReceipt>(),
  writes: true,
  handler: async ([call, timeoutMs], { node }) => {
    if (!call.from) throw new InvalidParamsError('invalid argument 0: missing "from"')
    const hash = await node.sendTransaction({ ...toCallRequest(call), from: call.from, chainId: call.chainId })
    return receiptOnceMined(node, hash, timeoutMs)
  },
})
