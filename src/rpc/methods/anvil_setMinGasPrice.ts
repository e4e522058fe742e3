import { InvalidParamsError } from '../../errors.ts'
import type { MethodHandler } from '../methodContext.ts'
import { withParams } from '../withParams.ts'
import { quantityOrNumber } from '../controlSchemas.ts'

/**
 * anvil_setMinGasPrice [gasPrice]: refused as Anvil and Hardhat refuse it while EIP-1559 is active, which it
 * is for every block chainsim mines (it seals proof-of-stake blocks only). The price is checked first, so a
 * malformed one is told as such.
 */
export const anvil_setMinGasPrice: MethodHandler = withParams([quantityOrNumber], (_params, { method }) => {
  throw new InvalidParamsError(`${method} is not supported when EIP-1559 is active`)
})
