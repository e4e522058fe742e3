import { InvalidParamsError } from '../../errors.ts'
import type { MethodHandler } from '../methodContext.ts'
import { withParams } from '../withParams.ts'
import { transactionCall, toCallRequest } from '../callRequest.ts'
import { toData } from '../formatters/hex.ts'

/**
 * eth_sendUnsignedTransaction [tx] (Anvil's; viem's testClient.sendUnsignedTransaction): sends `tx` as its
 * `from`, whoever that is and without impersonating it first, with Anvil's bypass signature (r = s = 0) and
 * the hash Anvil gives it; unset fields are filled as eth_sendTransaction fills them.
 */
export const eth_sendUnsignedTransaction: MethodHandler = withParams([transactionCall], async ([call], { node }) => {
  if (!call.from) throw new InvalidParamsError('invalid argument 0: missing "from"')
  return toData(await node.sendUnsignedTransaction({ ...toCallRequest(call), from: call.from, chainId: call.chainId }))
})
