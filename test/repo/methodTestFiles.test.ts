import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test } from 'vitest'

// ARCHITECTURE.md's rule for a JSON-RPC method: one declaration module under src/rpc/methods/, one test file
// test/rpc/<module>.test.ts that calls it over real HTTP or WebSocket, with "valid params" and "invalid params"
// groups. A method tested only inside a shared file is hard to find and easy to lose in a move.
const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const METHODS = join(ROOT, 'src/rpc/methods')
const TESTS = join(ROOT, 'test/rpc')

const modules = readdirSync(METHODS)
  .filter((name) => name.endsWith('.ts'))
  .map((name) => name.slice(0, -'.ts'.length))

test('every method module has its own test file', () => {
  expect(modules.length).toBeGreaterThan(100)
  expect(modules.filter((name) => !existsSync(join(TESTS, `${name}.test.ts`)))).toEqual([])
})

test('each of them calls its method and has both groups', () => {
  const lacking = modules.filter((name) => {
    const text = readFileSync(join(TESTS, `${name}.test.ts`), 'utf8')
    return !text.includes(`'${name}'`) || !text.includes("describe('valid params'") || !text.includes("describe('invalid params'")
  })
  expect(lacking).toEqual([])
})
