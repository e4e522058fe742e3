// Writes docs/reference/config.md from the config schema (src/config/schema.ts). Run after changing a key:
// `npm run config-reference`; test/config/configReference.test.ts fails until the file is current.
import { writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { CONFIG_REFERENCE_PATH, configReference } from '../src/config/configReference.ts'

writeFileSync(fileURLToPath(new URL(`../${CONFIG_REFERENCE_PATH}`, import.meta.url)), configReference())
console.log(`wrote ${CONFIG_REFERENCE_PATH}`)
