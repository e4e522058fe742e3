import type { MethodHandler } from '../methodContext.ts'
import { withParams } from '../withParams.ts'

/** eth_newBlockFilter: installs a filter that reports the hashes of new canonical blocks. */
export const eth_newBlockFilter: MethodHandler = withParams([], (_params, { node }) => {
  return node.filters.newBlockFilter()
})
