import type { Quantity } from 'viem'
import { defineMethod, returns } from '../defineMethod.ts'
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
export const eth_estimateGas = defineMethod({
  name: 'eth_estimateGas',
  description: "The least gas with which the call succeeds (binary search, as geth), with geth's overrides.",
  params: [transactionCall, blockTagOrHash.optional(), stateOverride.nullish(), blockOverrides.nullish()],
  result: returns<Quantity>(),
  reads: { block: { param: 1, kind: 'reference' }, state: true },
  lagged: true,
  fork: 'forwarded',
  cost: { infura: 300, alchemy: 20 },
  countFirst: (params) => refuseOversizedStateOverrides([params[2]]),
  handler: async ([call, ref, accounts, header], { node }) => {
    const block = await resolveStateBlock(node, ref ?? 'latest')
    const estimate = await node.execution.estimateGas(toCallRequest(call), block, {
      stateOverrides: accounts ?? undefined,
      blockOverrides: callBlockOverrides(header),
    })
    if ('failure' in estimate) throwCallFailure(estimate.failure)
    return toQuantity(estimate.gas)
  },
})
