import { InvalidParamsError } from '../../errors.ts'
import type { MethodHandler } from '../methodContext.ts'
import { withParams } from '../withParams.ts'
import { transactionCall, toCallRequest } from '../callRequest.ts'
import { toData } from '../formatters/hex.ts'

/** eth_sendTransaction: signs with the named dev account and sends; unset fields are filled as Anvil does. */
export const eth_sendTransaction: MethodHandler = withParams([transactionCall], async ([call], { node }) => {
  if (!call.from) throw new InvalidParamsError('invalid argument 0: missing "from"')
  return toData(await node.sendTransaction({ ...toCallRequest(call), from: call.from, chainId: call.chainId }))
})
