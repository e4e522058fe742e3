import type { MethodHandler } from '../methodContext.ts'
import { uint64OrNumber } from '../controlSchemas.ts'
import { parseParams } from '../schemas.ts'

/** evm_setNextBlockTimestamp [timestamp]: the next block gets exactly this timestamp. */
export const evm_setNextBlockTimestamp: MethodHandler = async (params, { node }) => {
  const [timestamp] = parseParams('evm_setNextBlockTimestamp', [uint64OrNumber], params)
  await node.setNextBlockTimestamp(timestamp)
  return null
}
