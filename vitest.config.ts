import { defineConfig } from 'vitest/config'

/**
 * Files that need a module graph of their own (isolated): what they test is what a fresh process has loaded or
 * not (the KZG setup loaded by the first blob; no @ethereumjs prototype patched by an import). Every other file
 * shares its worker's modules with the files before it: evaluating chainsim's modules again for each of ~200
 * files was most of the suite's time. Shared modules hold no state a test can see but these.
 */
const FRESH_PROCESS = ['test/e2e/blobTransactions.test.ts', 'test/evm/patches/nothingAtImport.test.ts']

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Chains are CPU-bound; two workers match the 2-core machines this runs on.
    maxWorkers: 2,
    projects: [
      { extends: true, test: { name: 'shared', include: ['test/**/*.test.ts'], exclude: FRESH_PROCESS, isolate: false } },
      { extends: true, test: { name: 'isolated', include: FRESH_PROCESS, isolate: true } },
    ],
  },
})
