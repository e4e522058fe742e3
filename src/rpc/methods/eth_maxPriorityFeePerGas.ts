import { NODE_DEFAULTS } from '../../node.ts'
import type { MethodHandler } from '../methodContext.ts'
import { toQuantity } from '../formatters/hex.ts'
import { parseParams } from '../schemas.ts'

/** eth_maxPriorityFeePerGas: the tip chainsim's own transactions use (1 gwei, as Anvil). */
export const eth_maxPriorityFeePerGas: MethodHandler = (params) => {
  parseParams('eth_maxPriorityFeePerGas', [], params)
  return toQuantity(NODE_DEFAULTS.priorityFee)
}
