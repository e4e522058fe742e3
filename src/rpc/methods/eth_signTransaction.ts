import { InvalidParamsError } from '../../errors.ts'
import type { MethodHandler } from '../methodContext.ts'
import { withParams } from '../withParams.ts'
import { transactionCall, toCallRequest } from '../callRequest.ts'
import { toData } from '../formatters/hex.ts'

/**
 * eth_signTransaction [tx]: the raw transaction eth_sendTransaction would send (unset nonce, gas and fees
 * filled the same way), signed by the dev account and not sent. The raw bytes alone, as Anvil and Hardhat
 * answer and viem expects (geth wraps them as `{raw, tx}`).
 */
export const eth_signTransaction: MethodHandler = withParams([transactionCall], async ([call], { node }) => {
  if (!call.from) throw new InvalidParamsError('invalid argument 0: missing "from"')
  const signed = await node.signing.signTransaction({ ...toCallRequest(call), from: call.from, chainId: call.chainId })
  return toData(signed.raw)
})
