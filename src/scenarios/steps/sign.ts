import { z } from 'zod'
import { bytesToHex, hexToBytes } from '../../evm/index.ts'
import { binds, callExpectation, stepBase, transactionFields } from '../schemaParts.ts'
import { expectReply, must } from './replies.ts'
import { transactionObject, withGas } from './requests.ts'
import { defineStep } from './stepKind.ts'
import { checkTransactionSpec } from './transactionChecks.ts'

/** `sign`: signs a transaction without sending it (for a reorg's `add`, or a later raw send); binds {raw, hash}. */
export const sign = defineStep({
  kind: 'sign',
  schema: z
    .object({
      ...stepBase,
      ...binds,
      sign: z.object(transactionFields).strict().describe('signs a transaction without sending it; binds {raw, hash} (for reorg add, or send raw)'),
      expect: callExpectation.optional().describe('checks on {raw, hash}; with `error`, the gas estimate of a transaction with no `gas` must fail'),
    })
    .strict()
    .meta({ id: 'signStep' }),

  check: (step, c) => checkTransactionSpec('sign', step.sign, c),

  async run(step, ctx) {
    const tx = await withGas(transactionObject(step.sign, ctx), ctx)
    const from = tx['from'] as string
    const big = (key: string) => (tx[key] === undefined ? undefined : BigInt(tx[key] as string))
    const bytes = (key: string) => (tx[key] === undefined ? undefined : hexToBytes(tx[key] as `0x${string}`))
    let nonce = big('nonce')
    if (nonce === undefined) {
      // Transactions signed earlier and not sent yet hold their nonces.
      const pooled = BigInt((await must(ctx.network.call('eth_getTransactionCount', [from, 'pending']), 'eth_getTransactionCount')) as string)
      const signed = ctx.network.signedNonces.get(from) ?? 0n
      nonce = pooled > signed ? pooled : signed
    }
    let gas = big('gas')
    if (gas === undefined) {
      // A transaction that cannot run has no gas estimate: that is the error a sign step may expect.
      const estimate = await ctx.network.call('eth_estimateGas', [tx])
      if (!estimate.ok) return expectReply(estimate, step.expect, ctx)
      gas = BigInt(estimate.result as string)
    }
    const signed = ctx.network.node.signing.signWithDevAccount({
      from: bytes('from') as Uint8Array,
      to: bytes('to'),
      data: bytes('data'),
      value: big('value'),
      gasPrice: big('gasPrice'),
      maxFeePerGas: big('maxFeePerGas'),
      maxPriorityFeePerGas: big('maxPriorityFeePerGas'),
      nonce,
      gas,
    })
    ctx.network.signedNonces.set(from, nonce + 1n)
    return expectReply({ ok: true, result: { raw: bytesToHex(signed.raw), hash: signed.hashKey } }, step.expect, ctx)
  },

  describe: (step) => `sign ${step.sign.function ?? 'transaction'}`,
})
