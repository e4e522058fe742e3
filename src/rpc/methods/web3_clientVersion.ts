import type { MethodHandler } from '../methodContext.ts'
import { parseParams } from '../schemas.ts'

/** web3_clientVersion: `chainsim/<version>/node<version>`. */
export const web3_clientVersion: MethodHandler = (params, { clientVersion }) => {
  parseParams('web3_clientVersion', [], params)
  return clientVersion
}
