import type { Hex } from 'viem'
import { defineMethod, returns } from '../defineMethod.ts'
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
export const eth_call = defineMethod({
  name: 'eth_call',
  description: "Runs a call on a block's state, keeping nothing; geth's state and block overrides; a revert is code 3.",
  params: [transactionCall, blockTagOrHash.optional(), stateOverride.nullish(), blockOverrides.nullish()],
  result: returns<Hex>(),
  reads: { block: { param: 1, kind: 'reference' }, state: true },
  lagged: true,
  fork: 'forwarded',
  cost: { infura: 80, alchemy: 26 },
  countFirst: (params) => refuseOversizedStateOverrides([params[2]]),
  handler: async ([call, ref, accounts, header], { node }) => {
    const block = await resolveStateBlock(node, ref ?? 'latest')
    const result = await node.execution.call(toCallRequest(call), block, {
      stateOverrides: accounts ?? undefined,
      blockOverrides: callBlockOverrides(header),
    })
    if (!result.success) throwCallFailure(result)
    return toData(result.returnValue)
  },
})
