import type { MethodHandler } from '../methodContext.ts'
import { resolveStateBlock } from '../blockResolution.ts'
import { toQuantity } from '../formatters/hex.ts'
import { address, blockTagOrHash, parseParams } from '../schemas.ts'

/** eth_getTransactionCount: an account's nonce at a block; `pending` counts its pooled transactions too. */
export const eth_getTransactionCount: MethodHandler = async (params, { node }) => {
  const [account, ref] = parseParams('eth_getTransactionCount', [address, blockTagOrHash.optional()], params)
  if (ref === 'pending') return toQuantity(await node.pendingNonce(account))
  const block = await resolveStateBlock(node, ref ?? 'latest')
  return toQuantity(await node.stateAt(block).getNonce(account))
}
