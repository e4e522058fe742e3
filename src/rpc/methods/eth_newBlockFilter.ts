import type { MethodHandler } from '../methodContext.ts'
import { parseParams } from '../schemas.ts'

/** eth_newBlockFilter: installs a filter that reports the hashes of new canonical blocks. */
export const eth_newBlockFilter: MethodHandler = (params, { node }) => {
  parseParams('eth_newBlockFilter', [], params)
  return node.newBlockFilter()
}
