import { readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'
import type { z } from 'zod'
import { forkRouteOf } from '../../src/rpc/forkedMethods.ts'
import { PRICED_PROVIDERS } from '../../src/rpc/providers/pricedProviders.ts'
import type { AnyMethod } from '../../src/rpc/defineMethod.ts'
import { METHODS, declarationOf, methodNames } from '../../src/rpc/registry.ts'
import { blockTag, blockTagOrHash } from '../../src/rpc/schemas.ts'

// The method declarations are what the method table, a fork's routing, the lag fault, the control set,
// throughput prices, ChainsimRpcSchema, the fuzz suite and the method reference read: these hold each one
// whole, so that a method cannot answer while something it touches is left undeclared.

const METHODS_DIR = fileURLToPath(new URL('../../src/rpc/methods/', import.meta.url))

/** Whether a module's export is a method declaration (defineMethod's or hardhatTwin's). */
function isDeclaration(value: unknown): value is AnyMethod {
  return typeof value === 'object' && value !== null && 'name' in value && 'handle' in value && 'params' in value
}

/** A schema without the optional, nullable and default wrappers around it. */
function unwrapped(schema: z.ZodType): z.ZodType {
  let inner = schema
  while (['optional', 'nullable', 'default'].includes(inner._zod.def.type)) inner = (inner._zod.def as unknown as { innerType: z.ZodType }).innerType
  return inner
}

describe('every method module is declared and registered', () => {
  test('each file of src/rpc/methods declares the method it is named for, and the registry lists every declaration it exports', async () => {
    const files = readdirSync(METHODS_DIR).filter((file) => file.endsWith('.ts'))
    expect(files.length).toBeGreaterThan(100)
    for (const file of files) {
      const module = (await import(`${METHODS_DIR}${file}`)) as Record<string, unknown>
      const declarations = Object.entries(module).filter(([, value]) => isDeclaration(value)) as Array<[string, AnyMethod]>
      const named = file.replace(/\.ts$/, '')
      expect(
        declarations.map(([exported]) => exported),
        `${file} declares ${named}`,
      ).toContain(named)
      for (const [exported, declaration] of declarations) {
        expect(declaration.name, `${file}: ${exported} is declared under its own name`).toBe(exported)
        expect(declarationOf(exported), `${exported} (${file}) is missing from src/rpc/registry.ts`).toBe(declaration)
      }
    }
  })

  test('each name is declared once', () => {
    expect(new Set(methodNames).size).toBe(methodNames.length)
  })
})

describe('each declaration is whole', () => {
  test.each(METHODS.map((method) => [method.name, method as AnyMethod] as const))('%s', (name, method) => {
    expect(method.description.trim(), `${name} has a one-line description`).not.toBe('')
    expect(method.description, `${name}'s description is one line`).not.toContain('\n')
    for (const provider of Object.keys(method.cost ?? {})) expect(PRICED_PROVIDERS, `${name} prices a provider with no per-method pricing`).toContain(provider)
    for (const units of Object.values(method.cost ?? {})) expect(Number.isInteger(units) && (units as number) >= 0, `${name}'s price ${units}`).toBe(true)
    // chainsim's own namespaces are its test-client and explorer methods: never faulted by a rate limit or a lag.
    expect(method.control === true, `${name} is ${method.control ? '' : 'not '}a control method`).toBe(/^(evm|anvil|hardhat|tenderly|sim)_/.test(name))
  })
})

describe('a method that reads a block says how, and a fork routes it', () => {
  const readers = METHODS.filter((method) => method.reads?.block !== undefined) as AnyMethod[]

  test('a method taking a block tag or an EIP-1898 reference declares the block it reads at that parameter', () => {
    for (const method of METHODS as readonly AnyMethod[]) {
      method.params.forEach((schema, index) => {
        const inner = unwrapped(schema)
        if (inner !== blockTag && inner !== blockTagOrHash) return
        expect(method.reads?.block?.param, `${method.name} takes a block at parameter ${index}`).toBe(index)
      })
    }
  })

  test.each(readers.map((method) => [method.name, method] as const))(
    '%s: says how a fork answers it and whether it lags; a fork routes it unless local',
    (name, method) => {
      expect(method.fork, `${name} reads a block: it must say how a fork answers it`).toBeDefined()
      expect(typeof method.lagged, `${name} reads a block: it must say whether a lagging replica lags it`).toBe('boolean')
      const route = forkRouteOf(method)
      if (method.fork === 'local') expect(route).toBeUndefined()
      else expect(route, `${name} is ${method.fork} by a fork, which must route it`).toBeTypeOf('function')
    },
  )

  test('a fork routes only methods that read a block', () => {
    for (const method of METHODS as readonly AnyMethod[]) {
      if (method.reads?.block === undefined) expect(method.fork, `${method.name} reads no block`).toBeUndefined()
    }
  })

  test('an impossible route is refused naming the method', () => {
    const bogus = { ...(declarationOf('eth_getBalance') as AnyMethod), name: 'eth_bogus', fork: 'merged' as const }
    expect(() => forkRouteOf(bogus)).toThrow(/eth_bogus: only a log filter's logs are merged/)
    const blockless = { ...(declarationOf('eth_getBalance') as AnyMethod), name: 'eth_blockless', reads: { state: true } }
    expect(() => forkRouteOf(blockless)).toThrow(/eth_blockless: fork "forwarded" needs reads.block/)
  })
})
