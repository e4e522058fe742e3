import { InvalidParamsError } from '../../errors.ts'
import type { MethodHandler } from '../methodContext.ts'
import { transactionCall, toCallRequest } from '../callRequest.ts'
import { toData } from '../formatters/hex.ts'
import { parseParams } from '../schemas.ts'

/** eth_sendTransaction: signs with the named dev account and sends; unset fields are filled as Anvil does. */
export const eth_sendTransaction: MethodHandler = async (params, { node }) => {
  const [call] = parseParams('eth_sendTransaction', [transactionCall], params)
  if (!call.from) throw new InvalidParamsError('invalid argument 0: missing "from"')
  const request = toCallRequest(call)
  return toData(await node.sendTransaction({ ...request, from: call.from }))
}
