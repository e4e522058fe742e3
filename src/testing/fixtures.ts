import { startChainsim } from './startChainsim.ts'
import type { Chainsim, StartChainsimOptions } from './startChainsim.ts'

/** Options of {@link chainsimFixtures}. */
export interface ChainsimFixtureOptions extends StartChainsimOptions {
  /**
   * `snapshot` (default): one chainsim per test file; each test runs from an evm_snapshot taken before it and
   * is reverted after it. `fresh`: a new chainsim per test (a millisecond or two to create, a few to serve).
   */
  isolation?: 'snapshot' | 'fresh'
}

/** What a test's context holds with {@link chainsimFixtures}: `test.extend<ChainsimFixtureContext>(chainsimFixtures())`. */
export interface ChainsimFixtureContext {
  chainsim: Chainsim
  /** The file's chainsim behind `chainsim` (`undefined` with `isolation: 'fresh'`). */
  chainsimFile: Chainsim | undefined
}

/** A fixture as vitest's `test.extend` takes it: set up, hand over with `use`, clean up. */
type FixtureFn<Deps, T> = (deps: Deps, use: (value: T) => Promise<void>) => Promise<void>

/** The fixtures {@link chainsimFixtures} makes: `chainsim` for each test, and the file's own behind it. */
export interface ChainsimFixtures {
  chainsimFile: [FixtureFn<object, Chainsim | undefined>, { scope: 'file' }]
  chainsim: FixtureFn<{ chainsimFile: Chainsim | undefined }, Chainsim>
}

/**
 * Per-test isolation for vitest (`test.extend`): each test gets `chainsim`, a served
 * network in the state it had before the test, whatever earlier tests did.
 * @example
 * import { test as base } from 'vitest'
 * const test = base.extend<ChainsimFixtureContext>(chainsimFixtures({ networks: [{ mining: { auto: false } }] }))
 * test('a pending transfer', async ({ chainsim }) => { ... })
 */
export function chainsimFixtures(options: ChainsimFixtureOptions = {}): ChainsimFixtures {
  const { isolation = 'snapshot', ...start } = options
  return {
    // Fixture functions declare what they use by destructuring their first argument (vitest reads it).
    chainsimFile: [
      // biome-ignore lint/correctness/noEmptyPattern: vitest requires a destructuring pattern, and this fixture uses no other
      async ({}, use) => {
        if (isolation === 'fresh') return use(undefined)
        const chainsim = await startChainsim(start)
        try {
          await use(chainsim)
        } finally {
          await chainsim.close()
        }
      },
      { scope: 'file' },
    ],
    chainsim: async ({ chainsimFile }, use) => {
      if (!chainsimFile) {
        const chainsim = await startChainsim(start)
        try {
          await use(chainsim)
        } finally {
          await chainsim.close()
        }
        return
      }
      const restore = await chainsimFile.checkpoint()
      try {
        await use(chainsimFile)
      } finally {
        await restore()
      }
    },
  }
}
