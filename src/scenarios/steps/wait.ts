import { z } from 'zod'
import { count, stepBase } from '../schemaParts.ts'
import { StepFailure } from '../errors.ts'
import type { StepContext } from './context.ts'
import { must } from './replies.ts'
import { defineStep } from './stepKind.ts'

/** The most blocks a `wait: {block}` mines on the scenario clock, so a typo cannot run forever. */
const MAX_WAIT_BLOCKS = 10_000

/** `wait`: moves the scenario clock by {ms}, or until interval mining reaches {block}. */
export const wait = defineStep({
  kind: 'wait',
  schema: z
    .object({
      ...stepBase,
      wait: z
        .union([
          z.object({ ms: count.describe('milliseconds on the scenario clock (filters expire, interval mining runs)') }).strict(),
          z.object({ block: count.describe('until the head reaches this block (interval mining)') }).strict(),
        ])
        .describe('moves the scenario clock: {ms} or {block}'),
    })
    .strict()
    .meta({ id: 'waitStep' }),

  async run(step, ctx) {
    if ('ms' in step.wait) {
      await advanceClock(ctx, ctx.clock.now() + step.wait.ms)
      return { failures: [] }
    }
    const target = BigInt(step.wait.block)
    const network = ctx.network
    // Read from the node, not through the dispatcher, so that a fault armed on eth_blockNumber meets only clients.
    const head = () => network.node.head.number
    if (head() < target && network.interval === undefined) {
      throw new StepFailure(
        `block ${target} never comes: ${network.name} is at block ${head()} and does not mine on the clock (mining: {intervalMs} does; or use mine)`,
      )
    }
    if (target - head() > BigInt(MAX_WAIT_BLOCKS)) throw new StepFailure(`block ${target} is more than ${MAX_WAIT_BLOCKS} blocks away`)
    while (head() < target && network.interval) await advanceClock(ctx, network.interval.nextAt)
    return { failures: [] }
  },

  describe: (step) => ('ms' in step.wait ? `wait ${step.wait.ms} ms` : `wait for block ${step.wait.block}`),
})

/** Moves the scenario clock to `target`, mining each interval block due on the way, in time order. */
async function advanceClock(ctx: StepContext, target: number): Promise<void> {
  for (;;) {
    const due = ctx.networks
      .filter((n) => n.interval !== undefined && n.interval.nextAt <= target)
      .sort((a, b) => (a.interval as { nextAt: number }).nextAt - (b.interval as { nextAt: number }).nextAt)[0]
    if (!due?.interval) break
    ctx.clock.advanceTo(due.interval.nextAt)
    await must(due.call('evm_mine'), 'evm_mine')
    due.interval.nextAt += due.interval.ms
  }
  ctx.clock.advanceTo(target)
}
