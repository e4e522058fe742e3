import { defineMethod, returns } from '../defineMethod.ts'
import { resolveStateBlock } from '../blockResolution.ts'
import { transactionCall, toCallRequest } from '../callRequest.ts'
import { formatTrace } from '../formatters/trace.ts'
import type { GethTrace } from '../formatters/trace.ts'
import { callBlockOverrides, refuseOversizedStateOverrides } from '../overrides.ts'
import { traceCallConfig } from '../traceConfig.ts'
import { blockTagOrHash } from '../schemas.ts'

/**
 * debug_traceCall: a call run as eth_call runs it (nothing kept), traced; the config takes geth's
 * `stateOverrides` and `blockOverrides` besides the tracer. The block is required, as on geth.
 */
export const debug_traceCall = defineMethod({
  name: 'debug_traceCall',
  description: "A call run as eth_call runs it, traced; the config takes geth's state and block overrides.",
  params: [transactionCall, blockTagOrHash, traceCallConfig],
  result: returns<GethTrace>(),
  reads: { block: { param: 1, kind: 'reference' }, state: true },
  lagged: true,
  fork: 'forwarded',
  countFirst: (params) => refuseOversizedStateOverrides([(params[2] as { stateOverrides?: unknown } | null | undefined)?.stateOverrides]),
  handler: async ([call, ref, config], { node }) => {
    const block = await resolveStateBlock(node, ref)
    const trace = await node.execution.traceCall(toCallRequest(call), block, config.spec, {
      stateOverrides: config.stateOverrides,
      blockOverrides: callBlockOverrides(config.blockOverrides),
    })
    return formatTrace(trace)
  },
})
