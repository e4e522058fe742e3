import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { isDeepStrictEqual } from 'node:util'
import { Ajv2019 } from 'ajv/dist/2019.js'
import type { ValidateFunction } from 'ajv/dist/2019.js'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { loadImportedNetwork } from '../../src/importedNetwork.ts'
import { startServer } from '../../src/server.ts'
import type { RunningServer } from '../../src/server.ts'

// ethereum/execution-apis' rpc-compat fixtures, run as the hive harness runs them: the chain of
// tests/genesis.json + tests/chain.rlp imported once, each `>>` line POSTed as-is over real HTTP,
// each answer compared with the `<<` line (exact JSON; where both are errors, only the code).
// The fixtures, their source and licence: test/fixtures/execution-apis/SOURCE.md.
const ROOT = new URL('../fixtures/execution-apis/', import.meta.url)
const TESTS = new URL('tests/', ROOT)

interface Exchange {
  request: string
  expected: string
}

interface Fixture {
  name: string
  folder: string
  /** Only the result's schema is checked (the `speconly:` comment). */
  specOnly: boolean
  exchanges: Exchange[]
}

/** Parses an .io file: `//` comments (a `speconly:` one among them), then `>>`/`<<` pairs. */
function loadFixture(folder: string, file: string): Fixture {
  const text = readFileSync(new URL(`${folder}/${file}`, TESTS), 'utf8')
  const fixture: Fixture = { name: `${folder}/${file.replace(/\.io$/, '')}`, folder, specOnly: false, exchanges: [] }
  let pending: string | undefined
  for (const raw of text.split('\n')) {
    const line = raw.trim()
    if (line === '') continue
    if (line.startsWith('//')) {
      if (line.replace(/^\/\/\s*/, '').startsWith('speconly:')) fixture.specOnly = true
    } else if (line.startsWith('>>')) {
      pending = line.slice(2).trim()
    } else if (line.startsWith('<<')) {
      if (pending === undefined) throw new Error(`${fixture.name}: response before request`)
      fixture.exchanges.push({ request: pending, expected: line.slice(2).trim() })
      pending = undefined
    } else {
      throw new Error(`${fixture.name}: invalid line ${line.slice(0, 40)}`)
    }
  }
  return fixture
}

function loadFixtures(): Fixture[] {
  if (!existsSync(TESTS)) throw new Error(`conformance fixtures not found at ${fileURLToPath(TESTS)}`)
  const folders = readdirSync(TESTS, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort()
  return folders.flatMap((folder) =>
    readdirSync(new URL(`${folder}/`, TESTS))
      .filter((f) => f.endsWith('.io'))
      .sort()
      .map((file) => loadFixture(folder, file)),
  )
}

// The OpenRPC result schemas (JSON Schema 2019-09), compiled once per method.
const ajv = new Ajv2019({ strict: false, allErrors: false })
const openrpc = JSON.parse(readFileSync(new URL('openrpc.json', ROOT), 'utf8')) as {
  methods: Array<{ name: string; result?: { schema?: Record<string, unknown> } }>
}
const resultSchemas = new Map(openrpc.methods.flatMap((m) => (m.result?.schema ? [[m.name, m.result.schema] as const] : [])))
const validators = new Map<string, ValidateFunction>()

/** Validates a result against the method's OpenRPC result schema; undefined when valid. */
function schemaProblem(method: string, result: unknown): string | undefined {
  const schema = resultSchemas.get(method)
  if (!schema) return undefined
  // The spec's FilterResults is a oneOf of two arrays, which an empty array matches twice.
  if (Array.isArray(result) && result.length === 0 && /filter results/i.test(String(schema.title))) return undefined
  const validate = validators.get(method) ?? ajv.compile(schema)
  validators.set(method, validate)
  if (validate(result)) return undefined
  return ajv.errorsText(validate.errors, { dataVar: 'result' })
}

type RpcResponse = { result?: unknown; error?: { code: number; message: string } }

/** What differs between chainsim's answer and the fixture's; undefined when it conforms. */
function compare(fixture: Fixture, exchange: Exchange, got: RpcResponse): string | undefined {
  const expected = JSON.parse(exchange.expected) as RpcResponse
  const method = (JSON.parse(exchange.request) as { method: string }).method
  if (expected.error !== undefined || got.error !== undefined) {
    if (expected.error === undefined) return `got error ${JSON.stringify(got.error)}, want a result`
    if (got.error === undefined) return `got result ${JSON.stringify(got.result)}, want error code ${expected.error.code}`
    return got.error.code === expected.error.code ? undefined : `got error code ${got.error.code}, want ${expected.error.code}`
  }
  // Every result chainsim gives must fit the spec, speconly or not.
  const problem = schemaProblem(method, got.result)
  if (problem) return `result does not fit the ${method} result schema: ${problem}`
  if (fixture.specOnly) return undefined
  return isDeepStrictEqual(got, expected) ? undefined : DIFFERS
}

const DIFFERS = 'response differs from the fixture'

const fixtures = loadFixtures()
const outcomes = new Map<string, boolean>()
let server: RunningServer
let url: string

beforeAll(async () => {
  // The harness's node imports the chain and mines nothing (it has no consensus client), so the
  // transactions that eth_sendRawTransaction fixtures send wait in the pool, as the txpool
  // fixtures after them expect.
  const imported = await loadImportedNetwork({
    genesisFile: fileURLToPath(new URL('genesis.json', TESTS)),
    blocksFile: fileURLToPath(new URL('chain.rlp', TESTS)),
    mining: { auto: false },
  })
  server = await startServer(imported.config, { port: 0, createNode: imported.createNode })
  url = `${server.networks[0]?.httpUrl}/`
})

afterAll(async () => {
  await server?.close()
  const folders = new Map<string, { passed: number; total: number }>()
  for (const fixture of fixtures) {
    const count = folders.get(fixture.folder) ?? { passed: 0, total: 0 }
    count.total++
    if (outcomes.get(fixture.name)) count.passed++
    folders.set(fixture.folder, count)
  }
  const passed = [...outcomes.values()].filter(Boolean).length
  const lines = [...folders].map(([folder, c]) => `  ${folder.padEnd(40)} ${c.passed}/${c.total}`)
  console.log(`execution-apis conformance: ${passed}/${fixtures.length} fixtures pass\n${lines.join('\n')}`)
})

for (const fixture of fixtures) {
  test(fixture.name, async () => {
    outcomes.set(fixture.name, false)
    for (const exchange of fixture.exchanges) {
      const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: exchange.request })
      const got = (await response.json()) as RpcResponse
      const difference = compare(fixture, exchange, got)
      // A field-by-field diff says more than "differs".
      if (difference === DIFFERS) expect(got, `${fixture.name}: ${exchange.request}`).toEqual(JSON.parse(exchange.expected))
      expect(difference, `${fixture.name}: ${exchange.request}\n  got: ${JSON.stringify(got).slice(0, 2000)}`).toBeUndefined()
    }
    outcomes.set(fixture.name, true)
  })
}
