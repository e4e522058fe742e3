import type { MethodHandler } from '../methodContext.ts'
import { withParams } from '../withParams.ts'
import { uint64OrNumber } from '../controlSchemas.ts'
import { address } from '../schemas.ts'

/** anvil_setNonce [address, nonce]: sets an account's nonce (at most 64 bits) on the head's state. */
export const anvil_setNonce: MethodHandler = withParams(
  [address, uint64OrNumber],
  async ([account, nonce], { node }) => {
    await node.setAccountState([{ address: account, nonce }])
    return null
  },
)
