import { InvalidParamsError } from '../../errors.ts'
import type { MethodHandler } from '../methodContext.ts'
import { uint64OrNumber } from '../controlSchemas.ts'
import { parseParams } from '../schemas.ts'

/** evm_mine [timestamp?]: mines one block (at `timestamp` when given); returns "0x0" as Ganache and Anvil. */
export const evm_mine: MethodHandler = async (params, { node }) => {
  const [timestamp] = parseParams('evm_mine', [uint64OrNumber.optional()], params)
  if (timestamp !== undefined) {
    // As evm_setNextBlockTimestamp (and Anvil, Hardhat): a block cannot go back in time.
    if (timestamp <= node.head.timestamp) {
      throw new InvalidParamsError(
        `invalid argument 0: timestamp ${timestamp} is not after the head's timestamp ${node.head.timestamp}`,
      )
    }
    node.clock.setNextBlockTimestamp(timestamp)
  }
  await node.mine(1)
  return '0x0'
}
