import { InvalidParamsError } from '../../errors.ts'
import { defineMethod, hardhatTwin, returns } from '../defineMethod.ts'
import { quantityOrNumber } from '../controlSchemas.ts'

/**
 * anvil_setMinGasPrice [gasPrice]: refused as Anvil and Hardhat refuse it while EIP-1559 is active, which it
 * is for every block chainsim mines (it seals proof-of-stake blocks only). The price is checked first, so a
 * malformed one is told as such.
 */
export const anvil_setMinGasPrice = defineMethod({
  name: 'anvil_setMinGasPrice',
  description: 'Refused, as Anvil and Hardhat refuse it while EIP-1559 is active (always, on chainsim).',
  params: [quantityOrNumber],
  result: returns<never>(),
  control: true,
  handler: (_params, { method }) => {
    throw new InvalidParamsError(`${method} is not supported when EIP-1559 is active`)
  },
})

export const hardhat_setMinGasPrice = hardhatTwin(anvil_setMinGasPrice, 'same')
