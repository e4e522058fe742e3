import { z } from 'zod'
import { faultSpec } from '../../rpc/faults/faultSpec.ts'
import type { FaultSpec } from '../../rpc/faults/faultSpec.ts'
import { methodNames } from '../../rpc/registry.ts'
import { stepBase } from '../schemaParts.ts'
import { resolve } from '../values.ts'
import { defineStep } from './stepKind.ts'

/**
 * `fault`: arms a fault on the step's network (src/rpc/faults.ts), exactly as `sim_fault` and a config's
 * `faults` take it: `error` (the default kind: a method's next calls fail, wait, or get an HTTP status), `lag`,
 * `lostFilter`, `wsDrop`, `batchPartial`, `rateLimit`, or `none` (clears them all). Faults stay armed when the
 * played chain is served.
 */
export const fault = defineStep({
  kind: 'fault',
  schema: z
    .object({
      ...stepBase,
      fault: faultSpec.describe('a fault on this network, in-process and over HTTP/WS: error, lag, lostFilter, wsDrop, batchPartial, rateLimit, none'),
    })
    .strict()
    .meta({ id: 'faultStep' }),

  check({ fault: spec }, c) {
    for (const [path, method] of methodsNamed(spec)) {
      if (!methodNames.includes(method)) c.report(['fault', ...path], `chainsim has no method ${method}`)
    }
  },

  async run(step, ctx) {
    const spec = step.fault
    const error = 'error' in spec ? spec.error : undefined
    ctx.network.faults.arm(error === undefined ? spec : ({ ...spec, error: { ...error, data: resolve(error.data, ctx.bindings) } } as FaultSpec))
    return { failures: [] }
  },

  describe: ({ fault: spec }) => (spec.kind === undefined || spec.kind === 'error' ? `fault on ${spec.method}` : `fault ${spec.kind}`),
})

/** The methods a fault names, with where: an `error` fault's method (unless `*`), a `lag`'s methods. */
function methodsNamed(spec: FaultSpec): Array<[Array<string | number>, string]> {
  if (spec.kind === undefined || spec.kind === 'error') return spec.method === '*' ? [] : [[['method'], spec.method]]
  if (spec.kind === 'lag') return (spec.methods ?? []).map((method, i) => [['methods', i], method])
  return []
}
