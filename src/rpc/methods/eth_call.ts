import type { MethodHandler } from '../methodContext.ts'
import { withParams } from '../withParams.ts'
import { resolveStateBlock } from '../blockResolution.ts'
import { transactionCall, toCallRequest } from '../callRequest.ts'
import { toData } from '../formatters/hex.ts'
import { throwCallFailure } from '../revert.ts'
import { blockTagOrHash } from '../schemas.ts'

/** eth_call: runs a call on a block's state without keeping anything; a revert is code 3 with its data. */
export const eth_call: MethodHandler = withParams(
  [transactionCall, blockTagOrHash.optional()],
  async ([call, ref], { node }) => {
    const block = await resolveStateBlock(node, ref ?? 'latest')
    const result = await node.call(toCallRequest(call), block)
    if (!result.success) throwCallFailure(result)
    return toData(result.returnValue)
  },
)
