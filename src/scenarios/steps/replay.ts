import { z } from 'zod'
import { binds, count, stepBase } from '../schemaParts.ts'
import { StepFailure } from '../errors.ts'
import { must } from './replies.ts'
import { defineStep } from './stepKind.ts'

/**
 * `replay`: a forked network's replay of its upstream's blocks goes on up to block `to` (sim_replay), and the
 * step waits until it is there: playback never waits for the wall clock. The step fails, naming the block,
 * transaction and field, when a replayed block differs from the upstream's, or when the replay stops otherwise.
 * Binds sim_replay's answer.
 */
export const replay = defineStep({
  kind: 'replay',
  schema: z
    .object({
      ...stepBase,
      ...binds,
      replay: z
        .object({ to: count.describe('the last block to replay') })
        .strict()
        .describe("replays the upstream's blocks up to `to` (the network forks with fork.replayTo)"),
    })
    .strict()
    .meta({ id: 'replayStep' }),

  async run(step, ctx) {
    const { replay: control } = ctx.network.node
    if (!control) throw new StepFailure(`${ctx.network.name} replays nothing: give its fork a replayTo (or a fixture)`)
    await must(ctx.network.call('sim_replay', [{ to: step.replay.to, resume: true }]), 'sim_replay')
    control.start({ paced: false })
    const status = await control.untilIdle()
    const stopped = status.mismatch?.message ?? status.error ?? (status.waiting ? `the upstream has no block ${status.next} yet` : undefined)
    const answer = await must(ctx.network.call('sim_replay', []), 'sim_replay')
    if (stopped) return { value: answer, failures: [{ message: `the replay stopped before block ${step.replay.to}: ${stopped}`, actual: answer }] }
    return { value: answer, failures: [] }
  },

  describe: (step) => `replay to block ${step.replay.to}`,
})
