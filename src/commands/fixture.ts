import { ConfigError } from '../config/errors.ts'
import { createForkedNode } from '../fork/createForkedNode.ts'
import { writeFixture } from '../fork/fixture.ts'

/** The options of `chainsim fixture`, as the command line gives them. */
export interface FixtureOptions {
  forkUrl: string
  forkBlock: number
  replayTo: number
  output: string
  cacheDir?: string
  offline?: boolean
}

/**
 * `chainsim fixture`: replays the upstream's blocks after the fork block up to `--replay-to` (each checked against
 * the upstream's roots), then packs the fork block, what the replay read and the blocks into one file that a
 * repository commits and `--fork-fixture` (fork.fixture) plays offline.
 */
export async function fixture(options: FixtureOptions): Promise<void> {
  if (options.replayTo <= options.forkBlock) throw new ConfigError(`--replay-to ${options.replayTo} must be after --fork-block ${options.forkBlock}`)
  const forked = await createForkedNode(
    {
      url: options.forkUrl,
      blockNumber: BigInt(options.forkBlock),
      cacheDir: options.cacheDir,
      offline: options.offline,
      replay: { to: BigInt(options.replayTo), speed: 'fast' },
    },
    { name: 'fixture' },
  )
  try {
    const started = performance.now()
    forked.node.replay?.start({ paced: false })
    const status = await forked.node.replay?.untilIdle()
    const stopped = status?.mismatch?.message ?? status?.error
    if (!status?.done || stopped) throw new ConfigError(`the replay stopped before block ${options.replayTo}: ${stopped ?? 'it is waiting for the upstream'}`)
    const seconds = (performance.now() - started) / 1000
    const blocks = BigInt(options.replayTo - options.forkBlock)
    const bytes = await writeFixture(forked.cache, BigInt(options.forkBlock) + 1n, BigInt(options.replayTo), options.output)
    console.log(
      `blocks ${options.forkBlock + 1}..${options.replayTo} of ${forked.origin.upstream} replayed and checked in ${seconds.toFixed(1)} s; ` +
        `${options.output}: ${bytes} bytes (${Math.round(bytes / Number(blocks))} a block)`,
    )
  } finally {
    await forked.close()
  }
}
