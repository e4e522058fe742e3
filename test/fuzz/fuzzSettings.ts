import type fc from 'fast-check'

/**
 * How hard the fuzz suite runs. `npm test` uses the bounded counts written beside each property; with
 * `FUZZ_RUNS=N` every property runs N times instead (a long run), and `FUZZ_SEED=S` replays one seed.
 */
const envRuns = process.env['FUZZ_RUNS'] === undefined ? undefined : Number(process.env['FUZZ_RUNS'])
if (envRuns !== undefined && !(Number.isInteger(envRuns) && envRuns > 0)) {
  throw new Error(`FUZZ_RUNS must be a positive integer, got ${process.env['FUZZ_RUNS']}`)
}
const envSeed = process.env['FUZZ_SEED'] === undefined ? undefined : Number(process.env['FUZZ_SEED'])

/** fast-check parameters for a property whose bounded run is `bounded` cases. */
export function fuzzParameters<T>(bounded: number): fc.Parameters<T> {
  return { numRuns: envRuns ?? bounded, ...(envSeed === undefined ? {} : { seed: envSeed }) }
}

/** A vitest timeout that grows with a long run (about 50 ms a case, plus a minute). */
export function fuzzTimeout(bounded: number): number {
  return Math.max(30_000, (envRuns ?? bounded) * 50 + 60_000)
}
