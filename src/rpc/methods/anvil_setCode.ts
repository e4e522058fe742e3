import type { MethodHandler } from '../methodContext.ts'
import { withParams } from '../withParams.ts'
import { address, data } from '../schemas.ts'

/** anvil_setCode [address, bytecode]: replaces an account's code on the head's state. */
export const anvil_setCode: MethodHandler = withParams([address, data], async ([account, code], { node }) => {
  await node.setAccountState([{ address: account, code }])
  return null
})
