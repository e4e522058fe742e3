import type { MethodHandler } from '../methodContext.ts'
import { withParams } from '../withParams.ts'
import { boolean } from '../schemas.ts'

/** evm_setAutomine [enabled]: turns mining a block per transaction on or off. */
export const evm_setAutomine: MethodHandler = withParams([boolean], async ([enabled], { node }) => {
  await node.settings.setAutomine(enabled)
  return true
})
