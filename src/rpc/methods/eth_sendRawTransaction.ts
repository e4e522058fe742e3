import type { MethodHandler } from '../methodContext.ts'
import { toData } from '../formatters/hex.ts'
import { data, parseParams } from '../schemas.ts'

/** eth_sendRawTransaction: admits a signed transaction (mined at once under automine); returns its hash. */
export const eth_sendRawTransaction: MethodHandler = async (params, { node }) => {
  const [raw] = parseParams('eth_sendRawTransaction', [data], params)
  return toData(await node.sendRawTransaction(raw))
}
