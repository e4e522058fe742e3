import { z } from 'zod'
import { checkValue } from '../expectations.ts'
import type { ValueChecks } from '../expectations.ts'
import type { ExpectationFailure } from '../errors.ts'
import { binds, stepBase, transactionExpectation } from '../schemaParts.ts'
import type { TransactionExpectation } from '../schemaParts.ts'
import { resolve, resolveText } from '../values.ts'
import { must } from './replies.ts'
import { defineStep } from './stepKind.ts'

/** `transaction`: eth_getTransactionByHash; `expect.status` is mined, pending or dropped; binds the transaction. */
export const transaction = defineStep({
  kind: 'transaction',
  schema: z
    .object({
      ...stepBase,
      ...binds,
      transaction: z.string().describe('a transaction hash ($name)'),
      expect: transactionExpectation.optional(),
    })
    .strict()
    .meta({ id: 'transactionStep' }),

  async run(step, ctx) {
    const hash = resolveText(step.transaction, ctx.bindings, 'transaction')
    const found = await must(ctx.network.call('eth_getTransactionByHash', [hash]), 'eth_getTransactionByHash')
    const status = found === null ? 'dropped' : (found as { blockHash: unknown }).blockHash === null ? 'pending' : 'mined'
    const expect = step.expect === undefined ? undefined : (resolve(step.expect, ctx.bindings) as TransactionExpectation)
    const failures: ExpectationFailure[] = []
    if (expect?.status !== undefined && expect.status !== status) {
      const where = status === 'mined' ? ` in block ${BigInt((found as { blockNumber: string }).blockNumber)}` : ''
      failures.push({ message: `transaction ${hash} is ${status}${where}, expected ${expect.status}`, expected: expect.status, actual: found })
    }
    if (expect) failures.push(...checkValue(found, expect as ValueChecks, 'transaction'))
    return { value: found, failures }
  },

  describe: (step) => `transaction ${step.transaction}`,
})
