import type { MethodHandler } from '../methodContext.ts'
import { address, data, parseParams } from '../schemas.ts'

/** anvil_setCode [address, bytecode]: replaces an account's code on the head's state. */
export const anvil_setCode: MethodHandler = async (params, { node }) => {
  const [account, code] = parseParams('anvil_setCode', [address, data], params)
  await node.setAccountState([{ address: account, code }])
  return null
}
