import { z } from 'zod'
import { methodNames } from '../../rpc/methodTable.ts'
import { count, json, stepBase } from '../schemaParts.ts'
import { resolve } from '../values.ts'
import { defineStep } from './stepKind.ts'

/** `fault`: arms a fault on a method (src/rpc/faults.ts): its next calls fail, wait, or get an HTTP status. */
export const fault = defineStep({
  kind: 'fault',
  schema: z
    .object({
      ...stepBase,
      fault: z
        .object({
          method: z.string().min(1).describe('the JSON-RPC method, or * for any'),
          count: z.number().int().min(1).optional().describe('how many calls (default 1)'),
          error: z.object({ code: z.number().int(), message: z.string(), data: json.optional() }).strict().optional(),
          latencyMs: count.optional().describe('real milliseconds each call waits'),
          httpStatus: z.number().int().min(100).max(599).optional().describe('the HTTP status of the response'),
        })
        .strict()
        .describe('makes a method\'s next calls fail or wait, in-process and over HTTP/WS'),
    })
    .strict()
    .meta({ id: 'faultStep' }),

  check({ fault: spec }, c) {
    if (spec.method !== '*' && !methodNames.includes(spec.method)) c.report(['fault', 'method'], `chainsim has no method ${spec.method}`)
    if (spec.error === undefined && spec.latencyMs === undefined && spec.httpStatus === undefined) {
      c.report(['fault'], 'a fault needs `error`, `latencyMs` or `httpStatus`')
    }
  },

  async run(step, ctx) {
    const { error, ...spec } = step.fault
    ctx.network.faults.arm(error === undefined ? spec : { ...spec, error: { ...error, data: resolve(error.data, ctx.bindings) } })
    return { failures: [] }
  },

  describe: (step) => `fault on ${step.fault.method}`,
})
