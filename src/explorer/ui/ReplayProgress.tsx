import { num } from './format.ts'
import type { ReplayStatus } from './types.ts'

/** How far the replay of an upstream's blocks has come: a bar, the blocks, the pace, and why it stopped if it did. */
export function ReplayProgress({ replay }: { replay: ReplayStatus }) {
  const first = num(replay.from) + 1
  const last = num(replay.to)
  const replayed = Math.max(0, num(replay.next) - first)
  const total = Math.max(1, last - first + 1)
  const speed =
    replay.speed === 'fast' ? 'as fast as it can' : replay.speed === 'realtime' ? "at the upstream's pace" : `at ${replay.speed}× the upstream's pace`
  const state = replay.mismatch
    ? `stopped at block ${num(replay.mismatch.block)}: ${replay.mismatch.message}`
    : replay.error
      ? `stopped: ${replay.error}`
      : replay.done
        ? 'done'
        : replay.paused
          ? 'paused'
          : replay.waiting
            ? `waiting for the upstream's block ${num(replay.next)}`
            : speed
  return (
    <section class="replay" aria-label="replay">
      <span>
        replay of blocks {first}–{last}: {Math.min(replayed, total)} of {total}
      </span>
      <progress max={total} value={Math.min(replayed, total)} />
      <span class={replay.mismatch || replay.error ? 'error' : 'muted'} role={replay.mismatch || replay.error ? 'alert' : undefined}>
        {state}
      </span>
    </section>
  )
}
