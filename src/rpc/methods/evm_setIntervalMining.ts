import type { MethodHandler } from '../methodContext.ts'
import { quantityOrNumber } from '../controlSchemas.ts'
import { parseParams } from '../schemas.ts'

/** evm_setIntervalMining [ms]: mines a block every `ms` milliseconds; 0 turns it off. */
export const evm_setIntervalMining: MethodHandler = (params, { node }) => {
  const [ms] = parseParams('evm_setIntervalMining', [quantityOrNumber], params)
  node.miner.setInterval(Number(ms))
  return true
}
