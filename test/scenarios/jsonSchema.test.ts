import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { Ajv2020 } from 'ajv/dist/2020.js'
import { expect, test } from 'vitest'
import { SCENARIO_JSON_SCHEMA_PATH, scenarioJsonSchema } from '../../src/scenarios/jsonSchema.ts'

const committed = readFileSync(fileURLToPath(new URL(`../../${SCENARIO_JSON_SCHEMA_PATH}`, import.meta.url)), 'utf8')

test('scenarios/scenario.schema.json is what the zod schema generates (run `npm run scenario-schema`)', () => {
  expect(committed).toBe(`${JSON.stringify(scenarioJsonSchema(), null, 2)}\n`)
})

test('the published schema refuses what the player refuses: an unknown key, a step with no action', () => {
  const validate = new Ajv2020({ strict: false }).compile(JSON.parse(committed))
  expect(validate({ name: 'ok', steps: [{ mine: 2 }, { rpc: 'eth_chainId', expect: { equal: '0x7a69' } }] })).toBe(true)
  expect(validate({ name: 'x', steps: [{ mine: 2, colour: 'red' }] })).toBe(false)
  expect(validate({ name: 'x', steps: [{ name: 'nothing to do' }] })).toBe(false)
  expect(validate({ name: 'x', steps: [{ reorg: { depth: 0 } }] })).toBe(false)
})
