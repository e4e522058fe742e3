import { defineMethod, hardhatTwin, returns } from '../defineMethod.ts'
import { quantityOrNumber } from '../controlSchemas.ts'

/**
 * anvil_setNextBlockBaseFeePerGas [baseFee]: the base fee of the next mined block (pool admission, fee
 * defaults and eth_gasPrice use it until then); the blocks after follow EIP-1559 from it.
 */
export const anvil_setNextBlockBaseFeePerGas = defineMethod({
  name: 'anvil_setNextBlockBaseFeePerGas',
  description: 'The base fee of the next mined block; the blocks after follow EIP-1559 from it.',
  params: [quantityOrNumber],
  result: returns<null>(),
  writes: true,
  control: true,
  handler: async ([baseFee], { node }) => {
    await node.settings.setNextBlockBaseFee(baseFee)
    return null
  },
})

export const hardhat_setNextBlockBaseFeePerGas = hardhatTwin(anvil_setNextBlockBaseFeePerGas, 'true')
