// The nodes the bench measures, each as its own process on loopback: chainsim (the real CLI)
// and, when its npm package is installed, Anvil.
import { spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { rssMiB } from './chainsimProcess.ts'
import { freePort } from '../../test/helpers/freePort.ts'
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
