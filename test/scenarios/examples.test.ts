import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { Ajv2020 } from 'ajv/dist/2020.js'
import { parse as parseYaml } from 'yaml'
import { afterAll, describe, expect, test } from 'vitest'
import { formatReport } from '../../src/scenarios/formatReport.ts'
import { parseScenario } from '../../src/scenarios/loadScenario.ts'
import { playScenario } from '../../src/scenarios/playScenario.ts'
import type { PlayedScenario } from '../../src/scenarios/playScenario.ts'
import { expectEach } from '../helpers/expectEach.ts'

// Every example in scenarios/ is a story a user recognises; each must play through, every expectation holding.
const DIR = fileURLToPath(new URL('../../scenarios/', import.meta.url))
const FILES = readdirSync(DIR)
  .filter((f) => /\.(ya?ml|json)$/.test(f) && !f.endsWith('.schema.json'))
  .sort()
const SCHEMA = JSON.parse(readFileSync(`${DIR}scenario.schema.json`, 'utf8'))

const played: PlayedScenario[] = []
afterAll(async () => {
  await Promise.all(played.map((p) => p.close()))
})

test('there are at least 8 examples, each pointing editors at the published schema', () => {
  expect(FILES.length).toBeGreaterThanOrEqual(8)
  for (const file of FILES) {
    const text = readFileSync(`${DIR}${file}`, 'utf8')
    if (file.endsWith('.json')) expect(JSON.parse(text).$schema, file).toBe('./scenario.schema.json')
    else expect(text.split('\n')[0], file).toBe('# yaml-language-server: $schema=./scenario.schema.json')
  }
})

test("the scenario format's complete example plays", async () => {
  const page = readFileSync(fileURLToPath(new URL('../../docs/reference/scenario-format.md', import.meta.url)), 'utf8')
  const section = page.slice(page.indexOf('## Writing one'))
  const example = /```yaml\n([\s\S]*?)```/.exec(section)?.[1]
  expect(example).toBeDefined()
  const result = await playScenario(validateOnly(example!))
  played.push(result)
  expect(result.report.ok, formatReport(result.report)).toBe(true)
})

describe.each(FILES)('%s', (file) => {
  test('fits the published JSON Schema', () => {
    const validate = new Ajv2020({ strict: false, allErrors: true }).compile(SCHEMA)
    const text = readFileSync(`${DIR}${file}`, 'utf8')
    const ok = validate(file.endsWith('.json') ? JSON.parse(text) : parseYaml(text))
    expect(validate.errors ?? [], file).toEqual([])
    expect(ok).toBe(true)
  })

  test('plays, every expectation holding', async () => {
    const result = await playScenario(`${DIR}${file}`)
    played.push(result)
    expect(result.report.ok, formatReport(result.report)).toBe(true)
    expectEach(result.report.steps, (step, label) => expect(step.status, label).toBe('passed'))
  })
})

/** A scenario's text, checked as a file would be (lines and all), as the value playScenario takes. */
function validateOnly(text: string): object {
  return parseScenario(text, 'docs/reference/scenario-format.md').scenario
}
