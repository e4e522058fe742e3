import type { MethodHandler } from '../methodContext.ts'
import { withParams } from '../withParams.ts'
import { toData } from '../formatters/hex.ts'
import { hash32 } from '../schemas.ts'

/** anvil_dropTransaction [hash]: removes a pooled transaction; its hash, or null when none was pooled (Anvil). */
export const anvil_dropTransaction: MethodHandler = withParams([hash32], async ([hash], { node }) => {
  return (await node.settings.dropTransaction(hash)) ? toData(hash) : null
})
