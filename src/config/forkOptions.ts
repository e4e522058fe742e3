import type { ForkOptions } from '../fork/createForkedNode.ts'
import type { NetworkConfig } from './schema.ts'

/** A network's `fork` config as fork options; `offline` (the `--offline` flag) wins when set. */
export function forkOptionsOf(config: NonNullable<NetworkConfig['fork']>, overrides: { offline?: boolean } = {}): ForkOptions {
  const replaying = config.replayTo !== undefined || config.replaySpeed !== undefined || config.replayPaused !== undefined
  // `block` and `blockNumber` name the same block; the schema takes one of the two.
  const block = config.blockNumber ?? config.block
  return {
    url: config.url ?? '',
    blockNumber: block === undefined ? undefined : BigInt(block),
    cacheDir: config.cacheDir,
    offline: overrides.offline || config.offline,
    retries: config.retries,
    timeoutMs: config.timeoutMs,
    deadlineMs: config.deadlineMs,
    ...(config.fixture === undefined ? {} : { fixture: config.fixture }),
    ...(replaying || config.fixture !== undefined
      ? { replay: { to: config.replayTo === undefined ? undefined : BigInt(config.replayTo), speed: config.replaySpeed, paused: config.replayPaused } }
      : {}),
  }
}
