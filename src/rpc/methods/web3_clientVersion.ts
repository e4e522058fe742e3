import type { MethodHandler } from '../methodContext.ts'
import { withParams } from '../withParams.ts'

/** web3_clientVersion: `chainsim/<version>/node<version>`. */
export const web3_clientVersion: MethodHandler = withParams([], (_params, { clientVersion }) => {
  return clientVersion
})
