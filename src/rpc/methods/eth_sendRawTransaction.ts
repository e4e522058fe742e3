import type { MethodHandler } from '../methodContext.ts'
import { withParams } from '../withParams.ts'
import { toData } from '../formatters/hex.ts'
import { data } from '../schemas.ts'

/** eth_sendRawTransaction: admits a signed transaction (mined at once under automine); returns its hash. */
export const eth_sendRawTransaction: MethodHandler = withParams([data], async ([raw], { node }) => {
  return toData(await node.sendRawTransaction(raw))
})
