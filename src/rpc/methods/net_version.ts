import type { MethodHandler } from '../methodContext.ts'
import { parseParams } from '../schemas.ts'

/** net_version: the network id as a decimal string; chainsim's equals the chain id. */
export const net_version: MethodHandler = (params, { node }) => {
  parseParams('net_version', [], params)
  return node.chainId.toString(10)
}
