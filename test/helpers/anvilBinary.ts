// Where the development dependency @foundry-rs/anvil put the Anvil binary: the differential tests
// (test/helpers/anvil.ts) and the benches that compare with Anvil start it from here.
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

/** The package @foundry-rs/anvil installs its binary from, by Node's platform and architecture. */
const ANVIL_PLATFORM_PACKAGES: Readonly<Record<string, string>> = {
  'linux-x64': '@foundry-rs/anvil-linux-amd64',
  'linux-arm64': '@foundry-rs/anvil-linux-arm64',
  'darwin-x64': '@foundry-rs/anvil-darwin-amd64',
  'darwin-arm64': '@foundry-rs/anvil-darwin-arm64',
  'win32-x64': '@foundry-rs/anvil-win32-amd64',
}

/** Said once a process, however many suites ask. */
let warnedNoAnvil = false

/**
 * The Anvil binary that the development dependency @foundry-rs/anvil installed for this platform (its optional
 * dependency of the platform's package), if any: the bench and the tests that compare with Anvil use it, and a
 * project installing chainsim never gets it. Where it is missing they skip Anvil, saying so, unless
 * CHAINSIM_REQUIRE_ANVIL=1 (as in CI), which makes that a failure naming what is missing.
 */
export function anvilBinary(): string | undefined {
  const platform = `${process.platform}-${process.arch}`
  const name = ANVIL_PLATFORM_PACKAGES[platform]
  let binary: string | undefined
  if (name) {
    try {
      // The platform package is the meta package's optional dependency: resolved from it, wherever npm put it.
      const fromMeta = createRequire(createRequire(import.meta.url).resolve('@foundry-rs/anvil/package.json'))
      const candidate = join(dirname(fromMeta.resolve(`${name}/package.json`)), 'bin', process.platform === 'win32' ? 'anvil.exe' : 'anvil')
      if (existsSync(candidate)) binary = candidate
    } catch {}
  }
  if (binary === undefined) {
    const line = `no Anvil binary for ${platform}: ${name ? `${name} (installed by the development dependency @foundry-rs/anvil) is missing; run npm ci` : 'Foundry publishes none for this platform'}`
    if (process.env['CHAINSIM_REQUIRE_ANVIL'] === '1') throw new Error(`${line}. CHAINSIM_REQUIRE_ANVIL=1 makes that a failure`)
    if (!warnedNoAnvil) console.warn(`${line}; what compares with Anvil is skipped`)
    warnedNoAnvil = true
  }
  return binary
}
