import type { MethodHandler } from '../methodContext.ts'
import { withParams } from '../withParams.ts'
import { resolveStateBlock } from '../blockResolution.ts'
import { transactionCall, toCallRequest } from '../callRequest.ts'
import { toData } from '../formatters/hex.ts'
import { blockOverrides, callBlockOverrides, refuseOversizedStateOverrides, stateOverride } from '../overrides.ts'
import { throwCallFailure } from '../revert.ts'
import { blockTagOrHash } from '../schemas.ts'

/**
 * eth_call: runs a call on a block's state without keeping anything; a revert is code 3 with its
 * data. The third parameter overrides accounts, the fourth the block's header fields (geth's).
 */
export const eth_call: MethodHandler = withParams(
  [transactionCall, blockTagOrHash.optional(), stateOverride.nullish(), blockOverrides.nullish()],
  async ([call, ref, accounts, header], { node }) => {
    const block = await resolveStateBlock(node, ref ?? 'latest')
    const result = await node.execution.call(toCallRequest(call), block, {
      stateOverrides: accounts ?? undefined,
      blockOverrides: callBlockOverrides(header),
    })
    if (!result.success) throwCallFailure(result)
    return toData(result.returnValue)
  },
  { countFirst: (params) => refuseOversizedStateOverrides([params[2]]) },
)
