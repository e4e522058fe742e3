import type { MethodHandler } from '../methodContext.ts'
import { withParams } from '../withParams.ts'

/** anvil_dropAllTransactions: empties the pool. */
export const anvil_dropAllTransactions: MethodHandler = withParams([], async (_params, { node }) => {
  await node.settings.dropAllTransactions()
  return null
})
