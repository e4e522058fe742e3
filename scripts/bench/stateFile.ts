// What `--state FILE` costs: the journal's cost on the automined transfer rate (runs with and without it,
// interleaved), and what restoring a chain of many blocks adds to start-up.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { toHex } from 'viem'
import { parseConfig } from '../../src/config/loadConfig.ts'
import { createDevCommon, deriveDevAccounts, DEV_MNEMONIC, signTransaction } from '../../src/evm/index.ts'
import type { TypedTxData } from '../../src/evm/index.ts'
import { startServer } from '../../src/server.ts'
import { freePort } from './freePort.ts'
import { rpc } from './rpc.ts'
import { summarize } from './stats.ts'

const here = dirname(fileURLToPath(import.meta.url))
const BIN = join(here, '..', '..', 'src', 'bin', 'chainsim.mjs')
const GWEI = 10n ** 9n
const RECIPIENT = new Uint8Array(20).fill(0x77)

/** A signer for dev account 0 with nonces from 0 up. */
function signer() {
  const common = createDevCommon(31337n, 'bench')
  const account = deriveDevAccounts(DEV_MNEMONIC, 1)[0]!
  let nonce = 0n
  return () =>
    signTransaction(
      { type: 2, chainId: 31337n, nonce: nonce++, maxFeePerGas: 100n * GWEI, maxPriorityFeePerGas: GWEI, gasLimit: 21_000n, to: RECIPIENT, value: 1n } as TypedTxData,
      account.privateKey,
      common,
    )
}

/** `chainsim serve` with one automined network and `args`; resolves once its banner is out, with how long that took. */
async function serve(config: string, args: string[]): Promise<{ url: string; startMs: number; stop: () => Promise<void> }> {
  const port = await freePort()
  const started = performance.now()
  const child = spawn(process.execPath, [BIN, 'serve', '--config', config, '--port', String(port), ...args], { stdio: ['ignore', 'pipe', 'inherit'] })
  await new Promise<void>((resolve, reject) => {
    let output = ''
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      if (output.includes('Networks')) resolve()
    })
    child.once('exit', (code) => reject(new Error(`chainsim exited with ${code} before serving`)))
  })
  const startMs = performance.now() - started
  const stop = () =>
    new Promise<void>((resolve) => {
      child.once('exit', () => resolve())
      child.kill('SIGTERM')
    })
  return { url: `http://127.0.0.1:${port}/v3/bench`, startMs, stop }
}

function configFile(dir: string): string {
  const path = join(dir, 'config.json')
  writeFileSync(path, JSON.stringify({ networks: [{ name: 'bench', chainId: 31337 }] }))
  return path
}

/** Transfers per second, each sent and its receipt read, as a test suite does. */
async function transferRate(url: string, count: number): Promise<number> {
  const sign = signer()
  const txs = Array.from({ length: count }, sign)
  // Warm-up: the first transactions pay for the JIT.
  for (const tx of txs.splice(0, Math.min(200, count / 4))) {
    const hash = await rpc<string>(url, 'eth_sendRawTransaction', [toHex(tx.raw)])
    await rpc(url, 'eth_getTransactionReceipt', [hash])
  }
  const start = performance.now()
  for (const tx of txs) {
    const hash = await rpc<string>(url, 'eth_sendRawTransaction', [toHex(tx.raw)])
    await rpc(url, 'eth_getTransactionReceipt', [hash])
  }
  return txs.length / ((performance.now() - start) / 1000)
}

/**
 * The automined transfer rate over HTTP without and with `--state`, `rounds` runs each, interleaved so that the
 * machine's load falls on both alike.
 */
export async function measureJournalCost(rounds: number, count: number): Promise<{ plain: number[]; journaled: number[]; cost: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'chainsim-bench-state-'))
  const config = configFile(dir)
  const plain: number[] = []
  const journaled: number[] = []
  try {
    for (let round = 0; round < rounds; round++) {
      for (const withState of round % 2 === 0 ? [false, true] : [true, false]) {
        const state = join(dir, `round-${round}.state`)
        const served = await serve(config, withState ? ['--state', state] : [])
        try {
          ;(withState ? journaled : plain).push(await transferRate(served.url, count))
        } finally {
          await served.stop()
        }
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
  const median = (values: number[]) => summarize(values).median as number
  return { plain, journaled, cost: 1 - median(journaled) / median(plain) }
}

/** A state file of `blocks` blocks of one transfer each, made in-process. */
async function stateFileOf(blocks: number, path: string): Promise<void> {
  const server = await startServer(parseConfig({ networks: [{ name: 'bench', chainId: 31337, port: 0 }] }), { port: 0, statePath: path, state: { intervalSeconds: 0 } })
  const node = server.networks[0]!.node
  const sign = signer()
  for (let i = 0; i < blocks; i++) await node.sendRawTransaction(sign().raw)
  await server.close()
}

export interface RestoreMeasurement {
  blocks: number
  fileMiB: number
  /** Time to the banner, without and with the state file (each the median of `runs`). */
  freshMs: number
  restoredMs: number
  addedMs: number
}

/** What restoring `blocks` blocks adds to `chainsim serve`'s start-up: time to its banner with and without the file. */
export async function measureRestore(blocks: number, runs: number): Promise<RestoreMeasurement> {
  const dir = mkdtempSync(join(tmpdir(), 'chainsim-bench-restore-'))
  try {
    const path = join(dir, 'chain.state')
    await stateFileOf(blocks, path)
    const config = configFile(dir)
    const fresh: number[] = []
    const restored: number[] = []
    for (let run = 0; run < runs; run++) {
      for (const withState of [false, true]) {
        const served = await serve(config, withState ? ['--state', path, '--state-interval', '0'] : [])
        ;(withState ? restored : fresh).push(served.startMs)
        if (withState && run === 0) {
          const head = BigInt(await rpc<string>(served.url, 'eth_blockNumber'))
          if (head !== BigInt(blocks)) throw new Error(`restored ${head} blocks, not ${blocks}`)
        }
        await served.stop()
      }
    }
    const freshMs = summarize(fresh).median as number
    const restoredMs = summarize(restored).median as number
    return { blocks, fileMiB: statSync(path).size / 2 ** 20, freshMs, restoredMs, addedMs: restoredMs - freshMs }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
