import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Chains are CPU-bound; two workers match the 2-core machines this runs on.
    maxWorkers: 2,
  },
})
