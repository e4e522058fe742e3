import type { MethodHandler } from '../methodContext.ts'
import { withParams } from '../withParams.ts'

/** net_version: the network id as a decimal string; chainsim's equals the chain id. */
export const net_version: MethodHandler = withParams([], (_params, { node }) => {
  return node.chainId.toString(10)
})
