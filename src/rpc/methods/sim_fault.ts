import { ServerError } from '../../errors.ts'
import { faultSpec } from '../faults/faultSpec.ts'
import { defineMethod, returns } from '../defineMethod.ts'

/**
 * sim_fault [{kind, rate?, count?, seed?, ...options}]: arms a fault on this network (src/rpc/faults.ts), as a
 * config's `faults` and a scenario's `fault:` step do: `error` (the default kind), `lag`, `lostFilter`,
 * `wsDrop`, `batchPartial`, `rateLimit`; `{kind: "none"}` clears them all. Answers true.
 * @example {"method":"sim_fault","params":[{"kind":"lag","blocks":3,"rate":0.5,"seed":7}]}
 */
export const sim_fault = defineMethod({
  name: 'sim_fault',
  description: 'Arms a fault on this network, as a config\'s `faults` or a scenario\'s `fault:` step; `{kind: "none"}` clears them.',
  params: [faultSpec],
  result: returns<true>(),
  control: true,
  faultyArgument: { faultSpec: 0 },
  handler: ([spec], { faults }) => {
    if (!faults) throw new ServerError('this network injects no faults')
    faults.arm(spec)
    return true as const
  },
})
