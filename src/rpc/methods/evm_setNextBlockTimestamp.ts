import { InvalidParamsError } from '../../errors.ts'
import type { MethodHandler } from '../methodContext.ts'
import { uint64OrNumber } from '../controlSchemas.ts'
import { parseParams } from '../schemas.ts'

/** evm_setNextBlockTimestamp [timestamp]: the next block gets exactly this timestamp. */
export const evm_setNextBlockTimestamp: MethodHandler = (params, { node }) => {
  const [timestamp] = parseParams('evm_setNextBlockTimestamp', [uint64OrNumber], params)
  if (timestamp <= node.head.timestamp) {
    throw new InvalidParamsError(
      `invalid argument 0: timestamp ${timestamp} is not after the head's timestamp ${node.head.timestamp}`,
    )
  }
  node.clock.setNextBlockTimestamp(timestamp)
  return null
}
