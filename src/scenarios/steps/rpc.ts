import { z } from 'zod'
import { binds, callExpectation, json, stepBase } from '../schemaParts.ts'
import { resolve, toWire } from '../values.ts'
import { expectReply } from './replies.ts'
import { defineStep } from './stepKind.ts'

/** `rpc`: any JSON-RPC call, params as the wire takes them; binds the result. */
export const rpc = defineStep({
  kind: 'rpc',
  schema: z
    .object({
      ...stepBase,
      ...binds,
      rpc: z
        .union([z.string().min(1), z.object({ method: z.string().min(1), params: z.array(json).optional() }).strict()])
        .describe('any JSON-RPC call: a method name, or {method, params}; binds the result'),
      expect: callExpectation.optional(),
    })
    .strict()
    .meta({ id: 'rpcStep' }),

  async run(step, ctx) {
    const method = typeof step.rpc === 'string' ? step.rpc : step.rpc.method
    const params = typeof step.rpc === 'string' ? [] : toWire(resolve(step.rpc.params ?? [], ctx.bindings))
    return expectReply(await ctx.network.call(method, params as unknown[]), step.expect, ctx)
  },

  describe: (step) => `rpc ${typeof step.rpc === 'string' ? step.rpc : step.rpc.method}`,
})
