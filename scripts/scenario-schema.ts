// Writes scenarios/scenario.schema.json from the zod schema (src/scenarios/schema.ts). Run after changing
// the format: `npm run scenario-schema`; test/scenarios/jsonSchema.test.ts fails until the file is current.
import { writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { SCENARIO_JSON_SCHEMA_PATH, scenarioJsonSchema } from '../src/scenarios/jsonSchema.ts'

const target = fileURLToPath(new URL(`../${SCENARIO_JSON_SCHEMA_PATH}`, import.meta.url))
writeFileSync(target, `${JSON.stringify(scenarioJsonSchema(), null, 2)}\n`)
console.log(`wrote ${SCENARIO_JSON_SCHEMA_PATH}`)
