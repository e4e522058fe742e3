import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { METHOD_REFERENCE_PATH, methodReference } from '../../src/rpc/methodReference.ts'
import { METHODS, methodNames } from '../../src/rpc/registry.ts'
import { startChainsim, type Chainsim } from '../../src/testing/index.ts'
import { WsClient } from '../helpers/wsClient.ts'

const committed = readFileSync(fileURLToPath(new URL(`../../${METHOD_REFERENCE_PATH}`, import.meta.url)), 'utf8')

/** The reference's sections as a reader sees them: each method's name and the params of its signature line. */
const sections = new Map(
  [...committed.matchAll(/\n### (\w+)\n\n`(\w+)\((.*)\)`\n/g)].map(([, heading, name, params]) => {
    expect(name, `the signature under ### ${heading}`).toBe(heading)
    return [heading!, params === '' ? [] : splitParams(params!)] as const
  }),
)

/**
 * Splits a signature's params at its top-level commas (a param's own type may hold `{a, b}` or `[a, b]`). A type
 * never holds a top-level colon; a param described in words does (`a fault: error, lag, ...`), and is the only one.
 */
function splitParams(text: string): string[] {
  if (topLevel(text).includes(':')) return [text]
  const params: string[] = []
  let depth = 0
  let start = 0
  for (let i = 0; i < text.length; i++) {
    if ('{[('.includes(text[i]!)) depth++
    else if ('}])'.includes(text[i]!)) depth--
    else if (text[i] === ',' && depth === 0) {
      params.push(text.slice(start, i).trim())
      start = i + 1
    }
  }
  params.push(text.slice(start).trim())
  return params
}

/** `text` with what its brackets hold left out. */
function topLevel(text: string): string {
  let depth = 0
  let out = ''
  for (const char of text) {
    if ('{[('.includes(char)) depth++
    else if ('}])'.includes(char)) depth--
    else if (depth === 0) out += char
  }
  return out
}

/**
 * The method names the declaration files under src/rpc/methods/ export, read as text: a second list beside the
 * registry, so a declaration left out of `METHODS` (and so of the reference and of the dispatcher) is noticed.
 */
function declaredInModules(): string[] {
  const folder = fileURLToPath(new URL('../../src/rpc/methods/', import.meta.url))
  const names = new Set<string>()
  for (const file of readdirSync(folder).filter((name) => name.endsWith('.ts'))) {
    for (const [, name] of readFileSync(`${folder}${file}`, 'utf8').matchAll(/^export const ([a-z0-9]+_\w+)\s*=/gm)) names.add(name!)
  }
  return [...names].sort()
}

test('docs/reference/json-rpc.md is what the method declarations generate (run `npm run method-reference`)', () => {
  expect(committed).toBe(methodReference())
})

test('the reference has a section for every method chainsim answers, and no other', () => {
  for (const name of methodNames) expect(committed, name).toContain(`\n### ${name}\n`)
  expect([...sections.keys()].sort()).toEqual([...methodNames].sort())
  expect(committed).toContain(`Every method chainsim answers (${methodNames.length})`)
})

test('each section writes as many params as its declaration takes, optional where the declaration may leave one out', () => {
  for (const method of METHODS) {
    const params = sections.get(method.name)
    expect(params, method.name).toBeDefined()
    expect(params!.length, method.name).toBe(method.params.length)
    method.params.forEach((schema, index) => {
      expect(params![index]!.endsWith('?'), `${method.name} param ${index}`).toBe(schema.safeParse(undefined).success)
    })
  }
})

test('every method a declaration file under src/rpc/methods/ exports is in the registry and in the reference', () => {
  const declared = declaredInModules()
  expect(declared.length).toBeGreaterThan(100)
  for (const name of declared) {
    expect(methodNames, `${name} is declared but not registered`).toContain(name)
    expect(sections.has(name), `${name} has no section in the reference`).toBe(true)
  }
})

// Against a served network: what the dispatcher answers is what the reference lists.
describe('served', () => {
  let chainsim: Chainsim
  let ws: WsClient
  beforeAll(async () => {
    chainsim = await startChainsim({ networks: [{}] })
    ws = await WsClient.open(chainsim.wsUrl)
  })
  afterAll(async () => {
    await ws?.close()
    await chainsim?.close()
  })

  // Too many arguments are refused before anything runs, with the count the method really takes: the
  // dispatcher's own word for each section's param count.
  test('every method in the reference is answered, and refuses one argument more than its signature lists', async () => {
    for (const [name, params] of sections) {
      // Each subscription name takes its own params, so the first one is looked at before their count.
      if (name === 'eth_subscribe') {
        expect(await ws.call(name, ['newHeads', null]), name).toMatchObject({
          error: { code: -32602, message: 'too many arguments for eth_subscribe, want at most 0' },
        })
        continue
      }
      const answer = await ws.call(
        name,
        Array.from({ length: params.length + 1 }, () => null),
      )
      expect(answer.error, name).toMatchObject({
        code: -32602,
        message: `too many arguments for ${name}, want at most ${params.length}`,
      })
    }
  })

  // Names a client might try beside the listed ones (another client's prefix, or the listed name with a
  // suffix): any the dispatcher answers must be listed too.
  test('a name the reference does not list is not answered', async () => {
    const listed = new Set(sections.keys())
    const prefixes = ['eth_', 'anvil_', 'hardhat_', 'evm_', 'tenderly_', 'debug_', 'sim_', 'ots_', 'trace_', 'txpool_']
    const candidates = new Set<string>(declaredInModules())
    for (const name of listed) {
      const rest = name.slice(name.indexOf('_') + 1)
      for (const prefix of prefixes) candidates.add(`${prefix}${rest}`)
      candidates.add(`${name}s`)
    }
    for (const name of [...candidates].filter((candidate) => !listed.has(candidate))) {
      const answer = await ws.call(
        name,
        Array.from({ length: 20 }, () => null),
      )
      expect(answer.error, name).toMatchObject({ code: -32601, message: `the method ${name} does not exist/is not available` })
    }
  })
})
