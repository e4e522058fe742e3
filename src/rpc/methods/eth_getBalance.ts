import type { MethodHandler } from '../methodContext.ts'
import { withParams } from '../withParams.ts'
import { resolveStateBlock } from '../blockResolution.ts'
import { toQuantity } from '../formatters/hex.ts'
import { address, blockTagOrHash } from '../schemas.ts'

/** eth_getBalance: an account's balance in wei at a block (latest when omitted). */
export const eth_getBalance: MethodHandler = withParams(
  [address, blockTagOrHash.optional()],
  async ([account, ref], { node }) => {
    const block = await resolveStateBlock(node, ref ?? 'latest')
    return toQuantity(await node.execution.stateAt(block).getBalance(account))
  },
)
