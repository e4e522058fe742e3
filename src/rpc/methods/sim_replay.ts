import { z } from 'zod'
import { replaySpeed } from '../../replay/speed.ts'
import { NoReplay } from '../../replay/errors.ts'
import { quantityOrNumber } from '../controlSchemas.ts'
import { defineMethod, returns } from '../defineMethod.ts'
import type { ReplayStatus } from '../explorerAnswers.ts'
import { formatReplayStatus } from '../formatters/replayStatus.ts'
import { boolean } from '../schemas.ts'

const replayChange = z
  .object(
    {
      pause: boolean.optional(),
      resume: boolean.optional(),
      speed: replaySpeed.optional(),
      to: quantityOrNumber.optional(),
    },
    { error: 'expected replay changes {pause?, resume?, speed?, to?}' },
  )
  .strict()

/**
 * sim_replay [] answers where the replay of the upstream's blocks stands: {from, to, next, done, paused, speed,
 * waiting, mismatch?, error?}. sim_replay [{pause: true}], [{resume: true}], [{speed}] and [{to}] steer it (and
 * answer the same). A network that replays nothing answers -32000.
 * @example {"method":"sim_replay","params":[{"speed":"realtime"}]}
 */
export const sim_replay = defineMethod({
  name: 'sim_replay',
  description: "Where the replay of a forked upstream's blocks stands; `[{pause}]`, `[{resume}]`, `[{speed}]`, `[{to}]` steer it.",
  params: [replayChange.optional()],
  result: returns<ReplayStatus>(),
  control: true,
  faultyArgument: { replayChangeRefused: 0 },
  handler: ([change], { node }) => {
    const { replay } = node
    if (!replay)
      throw new NoReplay('this network replays nothing: fork it with a last block to replay (--fork-url URL --fork-block N --replay-to M, or fork.replayTo)')
    return formatReplayStatus(change ? replay.change(change) : replay.status)
  },
})
