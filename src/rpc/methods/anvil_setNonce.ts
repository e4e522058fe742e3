import type { MethodHandler } from '../methodContext.ts'
import { quantityOrNumber } from '../controlSchemas.ts'
import { address, parseParams } from '../schemas.ts'

/** anvil_setNonce [address, nonce]: sets an account's nonce on the head's state. */
export const anvil_setNonce: MethodHandler = async (params, { node }) => {
  const [account, nonce] = parseParams('anvil_setNonce', [address, quantityOrNumber], params)
  await node.setAccountState([{ address: account, nonce }])
  return null
}
