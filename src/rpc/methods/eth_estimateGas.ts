import type { MethodHandler } from '../methodContext.ts'
import { withParams } from '../withParams.ts'
import { resolveStateBlock } from '../blockResolution.ts'
import { transactionCall, toCallRequest } from '../callRequest.ts'
import { toQuantity } from '../formatters/hex.ts'
import { throwCallFailure } from '../revert.ts'
import { blockTagOrHash } from '../schemas.ts'

/** eth_estimateGas: the least gas with which the call succeeds (binary search, as geth). */
export const eth_estimateGas: MethodHandler = withParams(
  [transactionCall, blockTagOrHash.optional()],
  async ([call, ref], { node }) => {
    const block = await resolveStateBlock(node, ref ?? 'latest')
    const estimate = await node.estimateGas(toCallRequest(call), block)
    if ('failure' in estimate) throwCallFailure(estimate.failure)
    return toQuantity(estimate.gas)
  },
)
