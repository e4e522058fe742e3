import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    globalSetup: ['./globalSetup.ts'],
    include: ['*.spec.ts'],
    pool: 'threads',
  },
})
