import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { z } from 'zod'
import { expect, test } from 'vitest'
import { CONFIG_REFERENCE_PATH, configReference } from '../../src/config/configReference.ts'
import { chainsimConfig, networkConfig } from '../../src/config/schema.ts'

const committed = readFileSync(fileURLToPath(new URL(`../../${CONFIG_REFERENCE_PATH}`, import.meta.url)), 'utf8')

test('docs/reference/config.md is what the config schema generates (run `npm run config-reference`)', () => {
  expect(committed).toBe(configReference())
})

test('the reference has a row for every key of the file and of a network', () => {
  const keys = (schema: z.ZodType) => Object.keys((z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as { properties: object }).properties)
  for (const key of keys(chainsimConfig)) expect(committed, key).toContain(`| \`${key}\``)
  for (const key of keys(networkConfig)) expect(committed, `networks[].${key}`).toContain(`| \`${key}\``)
  expect(committed).toContain('| `limits.maxBatchSize` |')
  expect(committed).toContain('| `fork.deadlineMs` |')
})
