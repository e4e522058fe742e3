import type { MethodHandler } from '../methodContext.ts'
import { withParams } from '../withParams.ts'
import { toData } from '../formatters/hex.ts'

/** eth_coinbase: who receives the fees of mined blocks (the zero address unless anvil_setCoinbase said otherwise). */
export const eth_coinbase: MethodHandler = withParams([], (_params, { node }) => toData(node.settings.coinbase))
