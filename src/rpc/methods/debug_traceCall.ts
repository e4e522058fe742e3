import type { MethodHandler } from '../methodContext.ts'
import { withParams } from '../withParams.ts'
import { resolveStateBlock } from '../blockResolution.ts'
import { transactionCall, toCallRequest } from '../callRequest.ts'
import { formatTrace } from '../formatters/trace.ts'
import { callBlockOverrides, refuseOversizedStateOverrides } from '../overrides.ts'
import { traceCallConfig } from '../traceConfig.ts'
import { blockTagOrHash } from '../schemas.ts'

/**
 * debug_traceCall: a call run as eth_call runs it (nothing kept), traced; the config takes geth's
 * `stateOverrides` and `blockOverrides` besides the tracer. The block is required, as on geth.
 */
export const debug_traceCall: MethodHandler = withParams(
  [transactionCall, blockTagOrHash, traceCallConfig],
  async ([call, ref, config], { node }) => {
    const block = await resolveStateBlock(node, ref)
    const trace = await node.execution.traceCall(toCallRequest(call), block, config.spec, {
      stateOverrides: config.stateOverrides,
      blockOverrides: callBlockOverrides(config.blockOverrides),
    })
    return formatTrace(trace)
  },
  { countFirst: (params) => refuseOversizedStateOverrides([(params[2] as { stateOverrides?: unknown } | null | undefined)?.stateOverrides]) },
)
