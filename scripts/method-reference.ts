// Writes docs/reference/json-rpc.md from the method declarations (src/rpc/registry.ts). Run after adding or
// changing a method: `npm run method-reference`; test/rpc/methodReference.test.ts fails until the file is current.
import { writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { METHOD_REFERENCE_PATH, methodReference } from '../src/rpc/methodReference.ts'

writeFileSync(fileURLToPath(new URL(`../${METHOD_REFERENCE_PATH}`, import.meta.url)), methodReference())
console.log(`wrote ${METHOD_REFERENCE_PATH}`)
