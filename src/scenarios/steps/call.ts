import { z } from 'zod'
import { bytesToHex, hexToBytes } from '../../evm/index.ts'
import { decodeResult, encodeFunctionCall, parseType } from '../abi.ts'
import { account, binds, callExpectation, count, json, signature, stepBase } from '../schemaParts.ts'
import { resolve } from '../values.ts'
import { checkAccount, checkSignature, checkTypes } from './checks.ts'
import { expectReply } from './replies.ts'
import { accountAddress, address, block, compact } from './requests.ts'
import { defineStep } from './stepKind.ts'

/** `call`: eth_call of a function; binds the decoded result (one value, or an array). */
export const call = defineStep({
  kind: 'call',
  schema: z
    .object({
      ...stepBase,
      ...binds,
      call: z
        .object({
          to: z.string().describe('an address or $name'),
          function: signature,
          args: z.array(json).optional(),
          returns: z.array(z.string()).optional().describe('return types to decode: [uint256]'),
          from: account.optional(),
          block: z.union([z.string(), count]).optional().describe('block tag or number (default latest)'),
        })
        .strict()
        .describe('eth_call of a function; binds the decoded result (one value, or an array)'),
      expect: callExpectation.optional(),
    })
    .strict()
    .meta({ id: 'callStep' }),

  check({ call: spec }, c) {
    checkAccount(spec.from, ['call', 'from'], c)
    checkSignature(spec.function, ['call', 'function'], c)
    checkTypes(spec.returns, ['call', 'returns'], c)
  },

  async run(step, ctx) {
    const { call: spec } = step
    const args = resolve(spec.args ?? [], ctx.bindings) as unknown[]
    const request = compact({
      from: spec.from === undefined ? undefined : accountAddress(spec.from, ctx),
      to: address(spec.to, ctx, 'to'),
      data: bytesToHex(encodeFunctionCall(spec.function, args)),
    })
    const reply = await ctx.network.call('eth_call', [request, block(spec.block ?? 'latest')])
    if (!reply.ok || spec.returns === undefined) return expectReply(reply, step.expect, ctx)
    const decoded = decodeResult(spec.returns.map(parseType), hexToBytes(reply.result as `0x${string}`))
    return expectReply({ ok: true, result: decoded.length === 1 ? decoded[0] : decoded }, step.expect, ctx)
  },

  describe: (step) => `call ${step.call.function}`,
})
