/** Summary statistics of latency samples, in milliseconds. */
export interface LatencySummary {
  samples: number
  median: number
  p95: number
  min: number
}

export function summarize(samples: number[]): LatencySummary {
  const sorted = [...samples].sort((a, b) => a - b)
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN
  return { samples: sorted.length, median: at(0.5), p95: at(0.95), min: sorted[0] ?? Number.NaN }
}

/** Runs `fn` `count` times (after `warmup` unmeasured runs) and summarizes the durations. */
export async function timeRepeated(count: number, fn: (i: number) => Promise<unknown>, warmup = 2): Promise<LatencySummary> {
  for (let i = 0; i < warmup; i++) await fn(-1 - i)
  const samples: number[] = []
  for (let i = 0; i < count; i++) {
    const start = performance.now()
    await fn(i)
    samples.push(performance.now() - start)
  }
  return summarize(samples)
}
