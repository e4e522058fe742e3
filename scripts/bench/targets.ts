// The nodes the bench measures, each as its own process on loopback: chainsim (the real CLI)
// and, when its npm package is installed, Anvil.
import { spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { rssMiB } from './chainsimProcess.ts'
import { freePort } from './freePort.ts'
import { rpc } from './rpc.ts'

export interface Target {
  name: string
  url: string
  wsUrl: string
  /** Mines one block from the pool. */
  mine(): Promise<void>
  /** Turns automine on or off (evm_setAutomine on both). */
  setAutomine(on: boolean): Promise<void>
  /** Replaces the newest `depth` blocks with as many new ones, dropping their transactions (anvil_reorg on both). */
  reorg(depth: number): Promise<void>
  rssMiB(): number
  close(): Promise<void>
}

const here = dirname(fileURLToPath(import.meta.url))

async function waitForRpc(url: string, child: ChildProcess): Promise<void> {
  let exited = false
  child.once('exit', () => (exited = true))
  const deadline = Date.now() + 30_000
  while (Date.now() < deadline && !exited) {
    try {
      await rpc(url, 'eth_chainId')
      return
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
  throw new Error(`${url} did not answer`)
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve()
    child.once('exit', () => resolve())
    child.kill('SIGINT')
  })
}

/** How a target is started: manual mining (blocks by evm_mine, the default) or automine. */
export interface TargetOptions {
  automine?: boolean
}

/** chainsim serving one network (chain id 31337) with its default limits, on a free port. */
export async function startChainsim(options: TargetOptions = {}): Promise<Target> {
  const port = await freePort()
  const config = join(mkdtempSync(join(tmpdir(), 'chainsim-bench-')), 'config.json')
  writeFileSync(config, JSON.stringify({ networks: [{ name: 'bench', chainId: 31337, port, mining: { auto: options.automine ?? false } }] }))
  // --silent as Anvil is run below: neither formats a line per transaction that nobody reads.
  const child = spawn(process.execPath, ['--expose-gc', join(here, '..', '..', 'src', 'bin', 'chainsim.mjs'), 'serve', '--config', config, '--silent'], {
    stdio: 'ignore',
  })
  const url = `http://127.0.0.1:${port}/v3/bench`
  await waitForRpc(url, child)
  return {
    name: 'chainsim',
    url,
    wsUrl: `ws://127.0.0.1:${port}/ws/v3/bench`,
    mine: async () => void (await rpc(url, 'evm_mine')),
    setAutomine: async (on) => void (await rpc(url, 'evm_setAutomine', [on])),
    reorg: async (depth) => void (await rpc(url, 'anvil_reorg', [depth, []])),
    rssMiB: () => rssMiB(child.pid as number),
    close: () => stop(child),
  }
}

let warnedNoAnvil = false

/** The package @foundry-rs/anvil installs its binary from, by Node's platform and architecture. */
const ANVIL_PLATFORM_PACKAGES: Readonly<Record<string, string>> = {
  'linux-x64': '@foundry-rs/anvil-linux-amd64',
  'linux-arm64': '@foundry-rs/anvil-linux-arm64',
  'darwin-x64': '@foundry-rs/anvil-darwin-amd64',
  'darwin-arm64': '@foundry-rs/anvil-darwin-arm64',
  'win32-x64': '@foundry-rs/anvil-win32-amd64',
}

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

/** Anvil with mining off (blocks by evm_mine) unless told, the same chain id and dev accounts, on a free port. */
export async function startAnvil(binary: string, options: TargetOptions = {}): Promise<Target> {
  const port = await freePort()
  const mining = options.automine ? [] : ['--no-mining']
  const child = spawn(binary, ['--port', String(port), ...mining, '--chain-id', '31337', '--silent'], { stdio: 'ignore' })
  const url = `http://127.0.0.1:${port}`
  await waitForRpc(url, child)
  return {
    name: 'anvil',
    url,
    wsUrl: `ws://127.0.0.1:${port}`,
    mine: async () => void (await rpc(url, 'evm_mine')),
    setAutomine: async (on) => void (await rpc(url, 'evm_setAutomine', [on])),
    reorg: async (depth) => void (await rpc(url, 'anvil_reorg', [depth, []])),
    rssMiB: () => rssMiB(child.pid as number),
    close: () => stop(child),
  }
}

/** The floor: a bare node:http server answering every request with `body`, on a free port. */
export async function startFloorServer(body: string): Promise<{ url: string; close(): Promise<void> }> {
  const port = await freePort()
  const child = spawn(process.execPath, ['--import', 'tsx', join(here, 'floorServer.ts'), String(port), body], { stdio: ['ignore', 'pipe', 'inherit'] })
  await new Promise<void>((resolve, reject) => {
    child.stdout?.once('data', () => resolve())
    child.once('exit', (code) => reject(new Error(`the floor server exited with ${code}`)))
  })
  return { url: `http://127.0.0.1:${port}/`, close: () => stop(child) }
}
