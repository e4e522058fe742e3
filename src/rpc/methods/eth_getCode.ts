import type { MethodHandler } from '../methodContext.ts'
import { withParams } from '../withParams.ts'
import { resolveStateBlock } from '../blockResolution.ts'
import { toData } from '../formatters/hex.ts'
import { address, blockTagOrHash } from '../schemas.ts'

/** eth_getCode: an account's code at a block (latest when omitted). */
export const eth_getCode: MethodHandler = withParams(
  [address, blockTagOrHash.optional()],
  async ([account, ref], { node }) => {
    const block = await resolveStateBlock(node, ref ?? 'latest')
    return toData(await node.execution.stateAt(block).getCode(account))
  },
)
