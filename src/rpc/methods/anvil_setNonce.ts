import type { MethodHandler } from '../methodContext.ts'
import { uint64OrNumber } from '../controlSchemas.ts'
import { address, parseParams } from '../schemas.ts'

/** anvil_setNonce [address, nonce]: sets an account's nonce (at most 64 bits) on the head's state. */
export const anvil_setNonce: MethodHandler = async (params, { node }) => {
  const [account, nonce] = parseParams('anvil_setNonce', [address, uint64OrNumber], params)
  await node.setAccountState([{ address: account, nonce }])
  return null
}
