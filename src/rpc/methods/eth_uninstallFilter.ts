import type { MethodHandler } from '../methodContext.ts'
import { filterId } from '../filterId.ts'
import { parseParams } from '../schemas.ts'

/** eth_uninstallFilter: removes a filter; false when there was none by that id. */
export const eth_uninstallFilter: MethodHandler = (params, { node }) => {
  const [id] = parseParams('eth_uninstallFilter', [filterId], params)
  return node.uninstallFilter(id)
}
