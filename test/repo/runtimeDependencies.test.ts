import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test } from 'vitest'

// What a project that installs chainsim gets with it: every runtime dependency must be one the shipped code
// loads (an import, a dynamic import or a require of the package or one of its files). A package only tests
// or scripts use belongs in devDependencies; one nothing uses belongs nowhere.
const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const SOURCE = /\.(ts|tsx|mjs)$/

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? filesUnder(path) : SOURCE.test(name) ? [path] : []
  })
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')
/** A quoted module specifier naming `name` or a file in it, as an import, export or require writes it. */
const specifierOf = (name: string) => new RegExp(`['"]${escapeRegExp(name)}(/[^'"]*)?['"]`)

test('every runtime dependency is loaded by the shipped code under src/', () => {
  const { dependencies } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string> }
  const sources = filesUnder(join(ROOT, 'src')).map((path) => readFileSync(path, 'utf8'))
  const unused = Object.keys(dependencies).filter((name) => !sources.some((text) => specifierOf(name).test(text)))
  expect(unused).toEqual([])
})

test('the scan tells a specifier from a mention', () => {
  expect(specifierOf('@scure/bip39').test(`import { mnemonicToSeedSync } from '@scure/bip39'`)).toBe(true)
  expect(specifierOf('keccak').test(`require.resolve('keccak/package.json')`)).toBe(true)
  expect(specifierOf('@scure/bip39').test(`// @scure/bip39's pure-JS one takes ~33 ms`)).toBe(false)
  expect(specifierOf('keccak').test(`import { keccak_256 } from '@noble/hashes/sha3.js'`)).toBe(false)
})

// The package ships its code bundled (scripts/bundle.mjs), so a runtime dependency is one the bundle leaves as an
// import (its EXTERNAL list: native addons, the KZG loaded on first use) or one the public type declarations are
// written in. Everything else is inside dist/ and is a development dependency: a project installing chainsim gets
// no second copy of viem, fastify or @ethereumjs, and none of their engine requirements.
const TYPES_ONLY = ['zod']

test('every runtime dependency is one the bundle imports at run time, or the public types are written in', async () => {
  const { EXTERNAL } = (await import('../../scripts/bundle.mjs')) as { EXTERNAL: string[] }
  const { dependencies } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string> }
  const bundled = Object.keys(dependencies).filter((name) => !EXTERNAL.includes(name) && !TYPES_ONLY.includes(name))
  expect(bundled).toEqual([])
})

test('no optional dependency: a consumer would install it (the Anvil binary is a development dependency)', () => {
  const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { optionalDependencies?: object; devDependencies: Record<string, string> }
  expect(manifest.optionalDependencies).toBeUndefined()
  expect(Object.keys(manifest.devDependencies)).toContain('@foundry-rs/anvil')
})
