import type { MethodHandler } from '../methodContext.ts'
import { withParams } from '../withParams.ts'
import { quantityOrNumber } from '../controlSchemas.ts'

/**
 * anvil_setNextBlockBaseFeePerGas [baseFee]: the base fee of the next mined block (pool admission, fee
 * defaults and eth_gasPrice use it until then); the blocks after follow EIP-1559 from it.
 */
export const anvil_setNextBlockBaseFeePerGas: MethodHandler = withParams([quantityOrNumber], async ([baseFee], { node }) => {
  await node.settings.setNextBlockBaseFee(baseFee)
  return null
})
