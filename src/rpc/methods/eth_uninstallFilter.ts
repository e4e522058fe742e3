import type { MethodHandler } from '../methodContext.ts'
import { withParams } from '../withParams.ts'
import { filterId } from '../filterId.ts'

/** eth_uninstallFilter: removes a filter; false when there was none by that id. */
export const eth_uninstallFilter: MethodHandler = withParams([filterId], ([id], { node }) => {
  return node.filters.uninstall(id)
})
