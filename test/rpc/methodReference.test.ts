import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { expect, test } from 'vitest'
import { METHOD_REFERENCE_PATH, methodReference } from '../../src/rpc/methodReference.ts'
import { methodNames } from '../../src/rpc/registry.ts'

const committed = readFileSync(fileURLToPath(new URL(`../../${METHOD_REFERENCE_PATH}`, import.meta.url)), 'utf8')

test('docs/reference/json-rpc.md is what the method declarations generate (run `npm run method-reference`)', () => {
  expect(committed).toBe(methodReference())
})

test('the reference has a section for every method chainsim answers', () => {
  for (const name of methodNames) expect(committed, name).toContain(`\n### ${name}\n`)
})
