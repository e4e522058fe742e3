import type { MethodHandler } from '../methodContext.ts'
import { quantityOrNumber } from '../controlSchemas.ts'
import { address, parseParams } from '../schemas.ts'

/** anvil_setBalance [address, wei]: sets an account's balance on the head's state; no block is mined. */
export const anvil_setBalance: MethodHandler = async (params, { node }) => {
  const [account, balance] = parseParams('anvil_setBalance', [address, quantityOrNumber], params)
  await node.setAccountState([{ address: account, balance }])
  return null
}
