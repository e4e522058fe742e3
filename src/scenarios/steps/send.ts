import { z } from 'zod'
import type { ExpectationFailure } from '../errors.ts'
import { binds, callExpectation, stepBase, transactionFields } from '../schemaParts.ts'
import { resolveText } from '../values.ts'
import type { StepContext } from './context.ts'
import { expectReply, must } from './replies.ts'
import { transactionObject, withGas } from './requests.ts'
import { defineStep } from './stepKind.ts'
import { checkTransactionSpec } from './transactionChecks.ts'

/** `send`: eth_sendTransaction from a dev account, or eth_sendRawTransaction; binds the hash. */
export const send = defineStep({
  kind: 'send',
  schema: z
    .object({
      ...stepBase,
      ...binds,
      send: z
        .object({
          ...transactionFields,
          raw: z.string().optional().describe('a raw signed transaction (0x hex or $name.raw), sent as it is'),
          pending: z.boolean().optional().describe('leave it in the pool even if the network automines'),
          reverts: z.boolean().optional().describe('the transaction is expected to revert when mined (default: it must not)'),
        })
        .strict()
        .describe('sends a transaction signed by a dev account (or a raw one); binds its hash'),
      expect: callExpectation.optional(),
    })
    .strict()
    .meta({ id: 'sendStep' }),

  check: (step, c) => checkTransactionSpec('send', step.send, c),

  async run(step, ctx) {
    const { send: spec } = step
    const node = ctx.network.node
    const { automine } = node.settings.mining
    // "Into the pool without mining": automine is held off for this one transaction. No JSON-RPC method does
    // this (evm_setAutomine true mines what waits, as Anvil's does), so the node's own switch is used.
    if (spec.pending) await node.settings.setAutomine(false)
    try {
      const reply =
        spec.raw !== undefined
          ? await ctx.network.call('eth_sendRawTransaction', [resolveText(spec.raw, ctx.bindings, 'raw')])
          : await ctx.network.call('eth_sendTransaction', [await withGas(transactionObject(spec, ctx), ctx)])
      const outcome = expectReply(reply, step.expect, ctx)
      if (reply.ok && step.expect?.error === undefined) outcome.failures.push(...(await revertCheck(reply.result as string, spec.reverts ?? false, ctx)))
      return outcome
    } finally {
      if (spec.pending) await node.settings.setAutomine(automine, { mineWaiting: false })
    }
  },

  describe: (step) => (step.send.raw ? 'send raw transaction' : `send ${step.send.function ?? 'transaction'}`),
})

/** Whether a mined transaction reverted as expected; one still pending is checked by the step that mines it. */
async function revertCheck(hash: string, reverts: boolean, ctx: StepContext): Promise<ExpectationFailure[]> {
  const receipt = (await must(ctx.network.call('eth_getTransactionReceipt', [hash]), 'eth_getTransactionReceipt')) as {
    status: string
    blockNumber: string
  } | null
  if (receipt === null) ctx.network.awaitMining(hash, { reverts, sentBy: ctx.label })
  if (receipt === null || (receipt.status === '0x0') === reverts) return []
  const block = BigInt(receipt.blockNumber)
  if (reverts) return [{ message: `transaction ${hash} succeeded in block ${block}; the step expects it to revert`, actual: receipt }]
  const reason = await revertReasonOf(hash, ctx)
  return [
    {
      message: `transaction ${hash} reverted in block ${block} (status 0x0${reason === undefined ? '' : `: ${reason}`}); write reverts: true if it should`,
      actual: receipt,
    },
  ]
}

/** Why a mined transaction reverted, as geth's callTracer words it (Error(string) or Panic), when it says. */
async function revertReasonOf(hash: string, ctx: StepContext): Promise<string | undefined> {
  const trace = await ctx.network.call('debug_traceTransaction', [hash, { tracer: 'callTracer' }])
  if (!trace.ok) return undefined
  const frame = trace.result as { revertReason?: string; error?: string }
  return frame.revertReason ?? frame.error
}
