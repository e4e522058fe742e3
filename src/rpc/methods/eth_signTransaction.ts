import type { Hex } from 'viem'
import { InvalidParamsError } from '../../errors.ts'
import { defineMethod, returns } from '../defineMethod.ts'
import { transactionCall, toCallRequest } from '../callRequest.ts'
import { toData } from '../formatters/hex.ts'

/**
 * eth_signTransaction [tx]: the raw transaction eth_sendTransaction would send (unset nonce, gas and fees
 * filled the same way), signed by the dev account and not sent. The raw bytes alone, as Anvil and Hardhat
 * answer and viem expects (geth wraps them as `{raw, tx}`).
 */
export const eth_signTransaction = defineMethod({
  name: 'eth_signTransaction',
  description: 'The raw transaction eth_sendTransaction would send, signed by the dev account and not sent.',
  params: [transactionCall],
  result: returns<Hex>(),
  handler: async ([call], { node }) => {
    if (!call.from) throw new InvalidParamsError('invalid argument 0: missing "from"')
    const signed = await node.signing.signTransaction({ ...toCallRequest(call), from: call.from, chainId: call.chainId })
    return toData(signed.raw)
  },
})
