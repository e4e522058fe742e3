import { z } from 'zod'
import { gethOrderProblem } from '../expectations.ts'
import type { Reply } from '../scenarioNetwork.ts'
import { binds, changesExpectation, reference, stepBase } from '../schemaParts.ts'
import { StepFailure } from '../errors.ts'
import { expectReply } from './replies.ts'
import { defineStep } from './stepKind.ts'

/** `changes`: a filter's eth_getFilterChanges, or a subscription's notifications since the last look. */
export const changes = defineStep({
  kind: 'changes',
  schema: z
    .object({
      ...stepBase,
      ...binds,
      changes: reference.describe('a filter or subscription: what it reports since the last look'),
      expect: changesExpectation.optional(),
    })
    .strict()
    .meta({ id: 'changesStep' }),

  check(step, c) {
    const name = step.changes.slice(1).split('.')[0] as string
    // An unbound name is already reported as such.
    if (c.bound.has(name) && !c.watchers.has(name)) {
      c.report(['changes'], `$${name} is not a filter or subscription (bind one with a filter or subscribe step)`)
    }
  },

  async run(step, ctx) {
    const name = step.changes.slice(1).split('.')[0] as string
    const watcher = ctx.watchers.get(name)
    if (!watcher) throw new StepFailure(`$${name} is not a filter or subscription this scenario installed`)
    const reply: Reply =
      watcher.kind === 'subscription'
        ? { ok: true, result: await watcher.network.takeNotifications(watcher.id) }
        : await watcher.network.call('eth_getFilterChanges', [watcher.id])
    const { removed, ordered, ...callExpectation } = step.expect ?? {}
    const outcome = expectReply(reply, step.expect && callExpectation, ctx)
    if (!reply.ok || callExpectation.error !== undefined) return outcome
    const entries = reply.result as unknown[]
    if (removed !== undefined) {
      const count = entries.filter((e) => (e as { removed?: unknown })?.removed === true).length
      if (count !== removed) {
        outcome.failures.push({ message: `${count} removed log${count === 1 ? '' : 's'}, expected ${removed}`, expected: removed, actual: entries })
      }
    }
    if (ordered) {
      const problem = gethOrderProblem(entries)
      if (problem) outcome.failures.push({ message: `not in geth's order: ${problem}`, actual: entries })
    }
    return outcome
  },

  describe: (step) => `changes of ${step.changes}`,
})
