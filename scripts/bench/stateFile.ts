// What `--state FILE` costs: the journal's cost on the automined transfer rate (runs with and without it,
// interleaved), and what restoring a chain of many blocks adds to start-up.
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { toHex } from 'viem'
import { parseConfig } from '../../src/config/loadConfig.ts'
import { createDevCommon, deriveDevAccounts, DEV_MNEMONIC, signTransaction } from '../../src/evm/index.ts'
import type { TypedTxData } from '../../src/evm/index.ts'
import { startServer } from '../../src/server.ts'
import { freePort } from '../../test/helpers/freePort.ts'
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
      {
        type: 2,
        chainId: 31337n,
        nonce: nonce++,
        maxFeePerGas: 100n * GWEI,
        maxPriorityFeePerGas: GWEI,
        gasLimit: 21_000n,
        to: RECIPIENT,
        value: 1n,
      } as TypedTxData,
      account.privateKey,
      common,
    )
}

/** `chainsim serve` with one automined network and `args`; resolves once its banner is out, with how long that took. */
async function serve(config: string, args: string[]): Promise<{ url: string; startMs: number; cpuMs: () => number; stop: () => Promise<void> }> {
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
  return { url: `http://127.0.0.1:${port}/v3/bench`, startMs, cpuMs: () => cpuMsOf(child.pid as number), stop }
}

/** CPU time a process has used so far (user and system), in ms, from /proc. */
function cpuMsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
  // utime and stime are the 12th and 13th fields after the command, in clock ticks (100 a second on Linux).
  return (Number(fields[11]) + Number(fields[12])) * 10
}

function configFile(dir: string): string {
  const path = join(dir, 'config.json')
  writeFileSync(path, JSON.stringify({ networks: [{ name: 'bench', chainId: 31337 }] }))
  return path
}

/**
 * Transfers per second, each sent and its receipt read, as a test suite does, and the server's CPU time per
 * transfer (which the machine's other load changes less than the rate).
 */
async function transferRate(served: { url: string; cpuMs: () => number }, count: number): Promise<{ rate: number; cpuMicros: number }> {
  const { url } = served
  const sign = signer()
  const txs = Array.from({ length: count }, sign)
  // Warm-up: the first transactions pay for the JIT.
  for (const tx of txs.splice(0, Math.min(200, count / 4))) {
    const hash = await rpc<string>(url, 'eth_sendRawTransaction', [toHex(tx.raw)])
    await rpc(url, 'eth_getTransactionReceipt', [hash])
  }
  const cpu = served.cpuMs()
  const start = performance.now()
  for (const tx of txs) {
    const hash = await rpc<string>(url, 'eth_sendRawTransaction', [toHex(tx.raw)])
    await rpc(url, 'eth_getTransactionReceipt', [hash])
  }
  const seconds = (performance.now() - start) / 1000
  return { rate: txs.length / seconds, cpuMicros: ((served.cpuMs() - cpu) * 1000) / txs.length }
}

export interface JournalCost {
  /** Transfers a second, each run, without and with --state. */
  plain: number[]
  journaled: number[]
  /** The server's CPU per transfer, µs, each run. */
  plainCpuMicros: number[]
  journaledCpuMicros: number[]
  /** 1 − journaled/plain of the median rates, and journaled/plain − 1 of the median CPU per transfer. */
  rateCost: number
  cpuCost: number
}

/**
 * The automined transfer rate over HTTP without and with `--state`, `rounds` runs each, interleaved so that the
 * machine's load falls on both alike.
 */
export async function measureJournalCost(rounds: number, count: number): Promise<JournalCost> {
  const dir = mkdtempSync(join(tmpdir(), 'chainsim-bench-state-'))
  const config = configFile(dir)
  const result: JournalCost = { plain: [], journaled: [], plainCpuMicros: [], journaledCpuMicros: [], rateCost: 0, cpuCost: 0 }
  try {
    for (let round = 0; round < rounds; round++) {
      for (const withState of round % 2 === 0 ? [false, true] : [true, false]) {
        const state = join(dir, `round-${round}.state`)
        const served = await serve(config, withState ? ['--state', state] : [])
        try {
          const { rate, cpuMicros } = await transferRate(served, count)
          ;(withState ? result.journaled : result.plain).push(rate)
          ;(withState ? result.journaledCpuMicros : result.plainCpuMicros).push(cpuMicros)
        } finally {
          await served.stop()
        }
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
  const median = (values: number[]) => summarize(values).median as number
  result.rateCost = 1 - median(result.journaled) / median(result.plain)
  result.cpuCost = median(result.journaledCpuMicros) / median(result.plainCpuMicros) - 1
  return result
}

/** A state file of `blocks` blocks of one transfer each, made in-process. */
async function stateFileOf(blocks: number, path: string): Promise<void> {
  const server = await startServer(parseConfig({ networks: [{ name: 'bench', chainId: 31337, port: 0 }] }), {
    port: 0,
    statePath: path,
    state: { intervalSeconds: 0 },
  })
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
