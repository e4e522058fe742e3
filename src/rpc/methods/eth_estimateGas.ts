import type { MethodHandler } from '../methodContext.ts'
import { withParams } from '../withParams.ts'
import { resolveStateBlock } from '../blockResolution.ts'
import { transactionCall, toCallRequest } from '../callRequest.ts'
import { toQuantity } from '../formatters/hex.ts'
import { blockOverrides, callBlockOverrides, refuseOversizedStateOverrides, stateOverride } from '../overrides.ts'
import { throwCallFailure } from '../revert.ts'
import { blockTagOrHash } from '../schemas.ts'

/**
 * eth_estimateGas: the least gas with which the call succeeds (binary search, as geth), with geth's
 * state overrides (third parameter) and block overrides (fourth) applied to every run.
 */
export const eth_estimateGas: MethodHandler = withParams(
  [transactionCall, blockTagOrHash.optional(), stateOverride.nullish(), blockOverrides.nullish()],
  async ([call, ref, accounts, header], { node }) => {
    const block = await resolveStateBlock(node, ref ?? 'latest')
    const estimate = await node.execution.estimateGas(toCallRequest(call), block, {
      stateOverrides: accounts ?? undefined,
      blockOverrides: callBlockOverrides(header),
    })
    if ('failure' in estimate) throwCallFailure(estimate.failure)
    return toQuantity(estimate.gas)
  },
  { countFirst: (params) => refuseOversizedStateOverrides([params[2]]) },
)
