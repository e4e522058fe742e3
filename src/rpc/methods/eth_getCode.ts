import type { MethodHandler } from '../methodContext.ts'
import { resolveStateBlock } from '../blockResolution.ts'
import { toData } from '../formatters/hex.ts'
import { address, blockTagOrHash, parseParams } from '../schemas.ts'

/** eth_getCode: an account's code at a block (latest when omitted). */
export const eth_getCode: MethodHandler = async (params, { node }) => {
  const [account, ref] = parseParams('eth_getCode', [address, blockTagOrHash.optional()], params)
  const block = await resolveStateBlock(node, ref ?? 'latest')
  return toData(await node.stateAt(block).getCode(account))
}
