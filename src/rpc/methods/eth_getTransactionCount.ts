import type { MethodHandler } from '../methodContext.ts'
import { withParams } from '../withParams.ts'
import { resolveStateBlock } from '../blockResolution.ts'
import { toQuantity } from '../formatters/hex.ts'
import { address, blockTagOrHash } from '../schemas.ts'

/** eth_getTransactionCount: an account's nonce at a block; `pending` counts its pooled transactions too. */
export const eth_getTransactionCount: MethodHandler = withParams(
  [address, blockTagOrHash.optional()],
  async ([account, ref], { node }) => {
    if (ref === 'pending') return toQuantity(await node.pendingNonce(account))
    const block = await resolveStateBlock(node, ref ?? 'latest')
    return toQuantity(await node.execution.stateAt(block).getNonce(account))
  },
)
