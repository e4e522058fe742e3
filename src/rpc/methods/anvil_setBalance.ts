import type { MethodHandler } from '../methodContext.ts'
import { withParams } from '../withParams.ts'
import { quantityOrNumber } from '../controlSchemas.ts'
import { address } from '../schemas.ts'

/** anvil_setBalance [address, wei]: sets an account's balance on the head's state; no block is mined. */
export const anvil_setBalance: MethodHandler = withParams(
  [address, quantityOrNumber],
  async ([account, balance], { node }) => {
    await node.setAccountState([{ address: account, balance }])
    return null
  },
)
