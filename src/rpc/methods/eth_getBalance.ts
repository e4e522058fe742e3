import type { MethodHandler } from '../methodContext.ts'
import { resolveStateBlock } from '../blockResolution.ts'
import { toQuantity } from '../formatters/hex.ts'
import { address, blockTagOrHash, parseParams } from '../schemas.ts'

/** eth_getBalance: an account's balance in wei at a block (latest when omitted). */
export const eth_getBalance: MethodHandler = async (params, { node }) => {
  const [account, ref] = parseParams('eth_getBalance', [address, blockTagOrHash.optional()], params)
  const block = await resolveStateBlock(node, ref ?? 'latest')
  return toQuantity(await node.stateAt(block).getBalance(account))
}
