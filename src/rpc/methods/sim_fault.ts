import { ServerError } from '../../errors.ts'
import { faultSpec } from '../faults/faultSpec.ts'
import type { MethodHandler } from '../methodContext.ts'
import { withParams } from '../withParams.ts'

/**
 * sim_fault [{kind, rate?, count?, seed?, ...options}]: arms a fault on this network (src/rpc/faults.ts), as a
 * config's `faults` and a scenario's `fault:` step do: `error` (the default kind), `lag`, `lostFilter`,
 * `wsDrop`, `batchPartial`, `rateLimit`; `{kind: "none"}` clears them all. Answers true.
 * @example {"method":"sim_fault","params":[{"kind":"lag","blocks":3,"rate":0.5,"seed":7}]}
 */
export const sim_fault: MethodHandler = withParams([faultSpec], ([spec], { faults }) => {
  if (!faults) throw new ServerError('this network injects no faults')
  faults.arm(spec)
  return true
})
