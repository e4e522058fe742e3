import { NODE_DEFAULTS } from '../../nodeOptions.ts'
import type { MethodHandler } from '../methodContext.ts'
import { toQuantity } from '../formatters/hex.ts'
import { withParams } from '../withParams.ts'

/** eth_maxPriorityFeePerGas: the tip chainsim's own transactions use (1 gwei, as Anvil). */
export const eth_maxPriorityFeePerGas: MethodHandler = withParams([], () => toQuantity(NODE_DEFAULTS.priorityFee))
