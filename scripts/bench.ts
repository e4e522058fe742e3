// chainsim's benchmark, in sections (`--only` picks some):
//   suite: a contract test suite's calls, side by side with Anvil, each started fresh, over HTTP; and chainsim
//      in-process through a viem transport (scripts/bench/testSuite.ts);
//   startup: each way of starting chainsim (and Anvil) to its first answer, --version and --help, and
//      `play --jobs 1` against `--jobs 2`;
//   1. in-process, no RPC: what a block and a log cost outside the interpreter (a one-transfer block,
//      100-event transactions 1 and 10 a block, the interpreter alone on the same call), and fill rates
//      through the miner;
//   2. one RPC workload run side by side against chainsim and Anvil (each its own process, same
//      signed transactions), after the floor (a bare node:http server answering the same body):
//      automine transfers cold and warm, the per-request floor, fill, eth_getLogs, eth_getTransactionByHash
//      under 32 clients, 1,000 filters, reorgs, RSS; the ratio chainsim/Anvil on every row (Anvil skipped
//      with a note when @foundry-rs/anvil is not installed);
//   3. sim_reorg on chains of two sizes: its time must not grow with the chain's length;
//   4. eth_call with overrides, eth_simulateV1 and the tracers, in-process.
// Every run first measures the machine itself (machineCalibration.ts: allocation rate, page-fault cost, loopback
// latency after idleness), so that runs of different days can be read against each other.
// Prints tables and writes them as JSON to a dated file under scripts/bench/results/ (never a tracked file; `--out`
// names another), with the load average beside the figures (this machine is shared).
//
//   npm run bench                     # every section, 200,000 logs
//   npm run bench -- --only suite,startup
//   npm run bench -- --logs 1000000   # a million
//   npm run bench -- --quick          # 20,000 logs, short load phases
//   npm run bench -- --day            # only: a day of dev-interval (43,200 blocks), RSS every 5,000
//   npm run bench -- --restore        # only: --state's cost on automined transfers, and restoring 10,000 and
//                                     # 100,000 blocks (what they add to `chainsim serve`'s start-up)
import { mkdirSync, writeFileSync } from 'node:fs'
import { cpus, loadavg, totalmem } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Command } from 'commander'
import { encodeDeployData, encodeFunctionData, hexToBytes, toHex } from 'viem'
import { ChainsimToken, EventEmitter } from '../src/contracts/index.ts'
import type { SignedTransaction } from '../src/evm/index.ts'
import { ChainNode } from '../src/node.ts'
import { simulateDay } from './bench/day.ts'
import { measureJournalCost, measureRestore } from './bench/stateFile.ts'
import type { RestoreMeasurement } from './bench/stateFile.ts'
import { measureInProcess } from './bench/inProcess.ts'
import type { OperationCost } from './bench/inProcess.ts'
import { summarize } from './bench/stats.ts'
import { anvilBinary } from '../test/helpers/anvilBinary.ts'
import { startAnvil, startChainsim, startFloorServer } from './bench/targets.ts'
import type { Target } from './bench/targets.ts'
import { measureSimulationAndTracing } from './bench/tracing.ts'
import { measureTestSuite, printTestSuite } from './bench/suiteSection.ts'
import { calibrateMachine, describeCalibration } from './bench/machineCalibration.ts'
import { measurePlayJobs, measureStartup } from './bench/startupSection.ts'
import { load, runWorkload } from './bench/workload.ts'
import type { Measurement } from './bench/workload.ts'

const here = dirname(fileURLToPath(import.meta.url))
/** How long a test runner takes to start before its first test, in the suite's row that waits as one does. */
const SUITE_PAUSE_MS = 2_000
/** Tests a warm suite's node runs before the measured ones. */
const WARM_FROM = 200
const SECTIONS = ['suite', 'startup', 'inprocess', 'sidebyside', 'reorg', 'tracing'] as const
const options = new Command()
  .option('--logs <n>', 'logs in the side-by-side chains', (v) => Number(v), 200_000)
  .option('--quick', 'a small run: 20,000 logs, short load phases')
  .option('--seconds <n>', 'duration of each load phase', (v) => Number(v), 5)
  .option('--no-anvil', 'measure chainsim only')
  .option('--out <file>', 'where to write the JSON results (default: a dated file under scripts/bench/results/)')
  .option('--only <sections>', `sections to run, comma-separated: ${SECTIONS.join(', ')}`, (v) => v.split(',').map((s) => s.trim()))
  .option('--tests <n>', 'tests in the contract test suite', (v) => Number(v), 100)
  .option('--warm-tests <n>', `tests of the warm suite, measured after ${WARM_FROM} on the same node (0: none)`, (v) => Number(v), 500)
  .option('--day', 'only a simulated day of dev-interval (43,200 blocks), RSS every 5,000 blocks')
  .option('--day-blocks <n>', 'blocks in the --day run', (v) => Number(v), 43_200)
  .option('--restore', "only --state: the journal's cost on automined transfers, and restore times")
  .option('--restore-blocks <list>', 'chain lengths the --restore run restores, comma-separated', (v) => v.split(',').map(Number), [10_000, 100_000])
  .parse()
  .opts<{
    logs: number
    quick?: boolean
    seconds: number
    anvil: boolean
    out?: string
    only?: string[]
    tests: number
    warmTests: number
    day?: boolean
    dayBlocks: number
    restore?: boolean
    restoreBlocks: number[]
  }>()
const unknownSections = (options.only ?? []).filter((name) => !(SECTIONS as readonly string[]).includes(name))
if (unknownSections.length > 0) throw new Error(`--only: unknown section(s) ${unknownSections.join(', ')}; the sections are ${SECTIONS.join(', ')}`)
const runs = (section: (typeof SECTIONS)[number]) => options.only === undefined || options.only.includes(section)
const resultsDir = join(here, 'bench', 'results')
/** A file name for this run's results: the date and time it started, to the second. */
const dated = (suffix = '') => join(resultsDir, `${new Date().toISOString().slice(0, 19).replace(/:/g, '-')}${suffix}.json`)
const out = options.out ?? dated()
if (options.quick) {
  options.logs = 20_000
  options.seconds = 2
}
const GWEI = 10n ** 9n

const round = (n: number | undefined) => (n === undefined ? undefined : Math.round(n * 1000) / 1000)
const cell = (m: Measurement | undefined) => {
  if (!m) return '—'
  const parts: string[] = []
  if (m.median !== undefined) parts.push(`${round(m.median)} ms`)
  if (m.perSecond !== undefined) parts.push(`${Math.round(m.perSecond)}/s`)
  if (m.note) parts.push(m.note)
  return parts.join(', ')
}

/** chainsim / Anvil: for latencies lower is better (< 1 = chainsim faster), for rates higher. */
function ratio(a: Measurement | undefined, b: Measurement | undefined): string {
  if (!a || !b) return ''
  if (a.perSecond !== undefined && b.perSecond !== undefined) return `${(a.perSecond / b.perSecond).toFixed(2)}× rate`
  if (a.median !== undefined && b.median !== undefined && b.median > 0) return `${(a.median / b.median).toFixed(2)}× time`
  return ''
}

/** Transactions per second through admission and the miner, in-process, `perBlock` per block. */
async function fillRate(kind: 'erc20' | 'events1' | 'events100', perBlock: number, count: number): Promise<number> {
  const node = await ChainNode.create({ mining: { auto: perBlock === 1 } })
  const account = node.accounts[0]!
  let nonce = 0n
  const sign = (fields: { to?: Uint8Array; data: Uint8Array; gas?: bigint }): SignedTransaction =>
    node.signing.signWithDevAccount({ from: account.address, nonce: nonce++, gas: 500_000n, maxFeePerGas: 100n * GWEI, maxPriorityFeePerGas: GWEI, ...fields })
  const deployData =
    kind === 'erc20' ? encodeDeployData({ abi: ChainsimToken.abi, bytecode: ChainsimToken.bytecode, args: ['T', 'T', 10n ** 30n] }) : EventEmitter.bytecode
  const deploy = sign({ data: hexToBytes(deployData), gas: 3_000_000n })
  await node.sendRawTransaction(deploy.raw)
  if (perBlock > 1) await node.mine(1)
  const found = node.transaction(deploy.hash)
  if (found?.status !== 'mined') throw new Error('deployment not mined')
  const target = found.location.block.transactions[found.location.index]!.contractAddress!
  const data = hexToBytes(
    kind === 'erc20'
      ? encodeFunctionData({ abi: ChainsimToken.abi, functionName: 'transfer', args: [toHex(node.accounts[1]!.address), 1n] })
      : kind === 'events1'
        ? encodeFunctionData({ abi: EventEmitter.abi, functionName: 'emitOneTopic', args: [1n] })
        : encodeFunctionData({ abi: EventEmitter.abi, functionName: 'emitMany', args: [100n] }),
  )
  const txs = Array.from({ length: count }, () => sign({ to: target, data }))
  const start = performance.now()
  for (let i = 0; i < txs.length; i += perBlock) {
    for (const tx of txs.slice(i, i + perBlock)) await node.sendRawTransaction(tx.raw)
    if (perBlock > 1) await node.mine(1)
  }
  const seconds = (performance.now() - start) / 1000
  await node.close()
  return count / seconds
}

/**
 * sim_reorg in-process on a chain of `logs` logs (100-event transactions, 10 per block). With
 * `reinclude: 'none'` the orphaned transactions go back to the pool instead of being executed again,
 * which measures the reorganisation itself; they are mined again between samples, untimed.
 */
async function reorgAt(logs: number, depth: number, reinclude: 'all' | 'none' = 'all'): Promise<Measurement> {
  const node = await ChainNode.create({ mining: { auto: false } })
  const account = node.accounts[0]!
  let nonce = 0n
  const sign = (fields: { to?: Uint8Array; data: Uint8Array; gas?: bigint }) =>
    node.signing.signWithDevAccount({ from: account.address, nonce: nonce++, gas: 500_000n, maxFeePerGas: 100n * GWEI, maxPriorityFeePerGas: GWEI, ...fields })
  const deploy = sign({ data: hexToBytes(EventEmitter.bytecode), gas: 3_000_000n })
  await node.sendRawTransaction(deploy.raw)
  await node.mine(1)
  const found = node.transaction(deploy.hash)
  if (found?.status !== 'mined') throw new Error('deployment not mined')
  const emitter = found.location.block.transactions[0]!.contractAddress!
  const data = hexToBytes(encodeFunctionData({ abi: EventEmitter.abi, functionName: 'emitMany', args: [100n] }))
  // At least a dozen blocks, so a depth-10 reorg has something to remove on a small chain.
  for (let i = 0; i < Math.max(12, Math.ceil(logs / 1000)); i++) {
    for (let j = 0; j < 10; j++) await node.sendRawTransaction(sign({ to: emitter, data }).raw)
    await node.mine(1)
  }
  const samples: number[] = []
  for (let i = 0; i < (depth === 1 ? 11 : 6); i++) {
    const start = performance.now()
    await node.reorgs.simReorg({ depth, reinclude })
    // The first run warms up and is not counted.
    if (i > 0) samples.push(performance.now() - start)
    if (reinclude === 'none') await node.mine(depth)
  }
  await node.close()
  return summarize(samples)
}

const load1 = () => loadavg()[0]!.toFixed(1)

async function main(): Promise<void> {
  const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`
  console.log(
    `chainsim bench ${new Date().toISOString()} on ${machine}, load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}\n`,
  )
  if (options.day) return day(machine)
  if (options.restore) return restore(machine)
  const calibration = await calibrateMachine()
  console.log(`${describeCalibration(calibration)}\n`)
  const results: Record<string, unknown> = { date: new Date().toISOString(), machine, calibration, logs: options.logs }
  const anvil = options.anvil ? anvilBinary() : undefined
  if (options.anvil && !anvil) console.log('(Anvil skipped: @foundry-rs/anvil installed no Anvil binary for this platform)\n')
  const print = (line: string) => console.log(line)

  if (runs('suite')) {
    console.log(`A contract test suite: ${options.tests} tests, each node started fresh (load ${load1()})`)
    const suite = await measureTestSuite({ tests: options.tests, pauseMs: SUITE_PAUSE_MS }, anvil)
    printTestSuite(suite, print)
    results.testSuite = suite
    console.log(`   (load ${load1()})\n`)
    if (options.warmTests > 0) {
      console.log(`The same suite warm: tests ${WARM_FROM + 1}–${WARM_FROM + options.warmTests} of one node (load ${load1()})`)
      const warm = await measureTestSuite({ tests: options.warmTests, skip: WARM_FROM }, anvil)
      printTestSuite(warm, print)
      results.testSuiteWarm = warm
      console.log(`   (load ${load1()})\n`)
    }
  }

  if (runs('startup')) {
    console.log(`Start-up, medians of ${options.quick ? 3 : 5} runs (load ${load1()})`)
    results.startup = await measureStartup(options.quick ? 3 : 5, anvil, print)
    console.log('   play, on the example scenarios')
    results.playJobs = await measurePlayJobs(options.quick ? 1 : 3, print)
    console.log(`   (load ${load1()})\n`)
  }

  if (runs('inprocess')) await inProcessSection(results)
  if (runs('sidebyside')) await sideBySideSection(results, anvil)
  if (runs('reorg')) await reorgSection(results)
  if (runs('tracing')) await tracingSection(results)

  mkdirSync(dirname(out), { recursive: true })
  results.loadAverage = loadavg()
  writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`)
  console.log(`\nwritten to ${out}`)
}

async function inProcessSection(results: Record<string, unknown>): Promise<void> {
  console.log(`1. In-process, no RPC (load ${load1()})`)
  const costs = await measureInProcess(options.quick ? 0.25 : 1)
  const ms = (cost: OperationCost) => `${cost.wallMs.toFixed(3)} ms (CPU ${cost.cpuMs.toFixed(3)} ms)`
  const rate = (cost: OperationCost) => `${Math.round(1000 / cost.wallMs)} tx/s`
  console.log(`   one-transfer block (automine, per transaction and block)   ${ms(costs.transferBlock)}`)
  console.log(`   100-event transaction, 1 per block                         ${ms(costs.events100PerBlock1)}, ${rate(costs.events100PerBlock1)}`)
  console.log(`   100-event transaction, 10 per block                        ${ms(costs.events100PerBlock10)}, ${rate(costs.events100PerBlock10)}`)
  console.log(`   the interpreter alone on the same call (evm.runCall)       ${ms(costs.interpreter)}: at most ${rate(costs.interpreter)}`)
  console.log(
    `   cost per log outside the EVM                               ${costs.perLogOutsideEvm.wallMicros.toFixed(1)} µs (CPU ${costs.perLogOutsideEvm.cpuMicros.toFixed(1)} µs)`,
  )
  console.log(`   (load ${load1()})`)
  results.inProcess = costs

  console.log('\n   Fill rate through the miner (tx/s)')
  const fill: Record<string, number> = {}
  const fillCount = options.quick ? 100 : 300
  for (const kind of ['erc20', 'events1', 'events100'] as const) {
    for (const perBlock of [1, 10]) {
      const rate = await fillRate(kind, perBlock, fillCount)
      fill[`${kind}, ${perBlock} per block`] = Math.round(rate)
      console.log(`   ${`${kind}, ${perBlock} per block`.padEnd(28)}${String(Math.round(rate)).padStart(8)}`)
    }
  }
  results.fill = fill
}

async function sideBySideSection(results: Record<string, unknown>, anvil: string | undefined): Promise<void> {
  console.log(`\n2. Side by side over JSON-RPC, ${options.logs} logs (load ${load1()})`)
  // The floor first: a bare node:http server answering eth_blockNumber's answer, measured as the nodes are.
  const floorServer = await startFloorServer(JSON.stringify({ jsonrpc: '2.0', id: 1, result: '0x1' }))
  const floor = await load('httpLoad', floorServer.url, { jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] }, options.seconds, 1)
  await floorServer.close()
  console.log(`   ${'the floor: bare node:http, the same answer, 1 client (latency)'.padEnd(56)} ${cell(floor)}`)
  const measured = new Map<string, Map<string, Measurement>>()
  const targets: Array<() => Promise<Target>> = [() => startChainsim()]
  if (anvil) targets.push(() => startAnvil(anvil))
  for (const start of targets) {
    const target = await start()
    try {
      measured.set(target.name, await runWorkload(target, { logs: options.logs, seconds: options.seconds }))
    } finally {
      await target.close()
    }
  }
  const chainsim = measured.get('chainsim')!
  const other = measured.get('anvil')
  const names = [...chainsim.keys()]
  const table = names.map((name) => ({ name, chainsim: chainsim.get(name), anvil: other?.get(name), ratio: ratio(chainsim.get(name), other?.get(name)) }))
  for (const row of table) {
    console.log(`   ${row.name.padEnd(56)} ${cell(row.chainsim).padEnd(40)} ${cell(row.anvil).padEnd(40)} ${row.ratio}`)
  }
  console.log(`   (load ${load1()})`)
  Object.assign(results, { floor, sideBySide: table })
}

async function reorgSection(results: Record<string, unknown>): Promise<void> {
  console.log('\n3. sim_reorg, in-process, on chains of two sizes')
  const small = Math.round(options.logs / 20)
  const reorgs: Record<string, Measurement> = {}
  for (const logs of [small, small * 10]) {
    for (const depth of [1, 10]) {
      for (const reinclude of ['all', 'none'] as const) {
        const m = await reorgAt(logs, depth, reinclude)
        const name = `depth ${depth} at ${logs} logs${reinclude === 'none' ? ', reinclude none' : ''}`
        reorgs[name] = m
        console.log(`   ${name.padEnd(44)}${`${round(m.median)} ms`.padStart(12)}  (p95 ${round(m.p95)} ms)`)
      }
    }
  }
  results.reorgs = reorgs
}

async function tracingSection(results: Record<string, unknown>): Promise<void> {
  console.log('\n4. Simulation and tracing, in-process (ms)')
  const tracing = await measureSimulationAndTracing(options.quick ? 10 : 30)
  for (const [name, m] of Object.entries(tracing)) {
    console.log(`   ${name.padEnd(56)}${`${round(m.median)} ms`.padStart(12)}  (p95 ${round(m.p95)} ms)`)
  }
  results.tracing = tracing
}

/** `--day`: a day of dev-interval's blocks and background traffic, RSS every 5,000 blocks. */
async function day(machine: string): Promise<void> {
  console.log(`A day of dev-interval: ${options.dayBlocks} blocks, each with its background traffic, mined as fast as they go`)
  const samples = await simulateDay(options.dayBlocks, 5_000, (sample) =>
    console.log(
      `   block ${String(sample.block).padStart(6)}: RSS ${String(sample.rssMiB).padStart(4)} MiB  (${Math.round(sample.seconds)} s, load ${load1()})`,
    ),
  )
  const out = options.out ?? dated('-day')
  mkdirSync(dirname(out), { recursive: true })
  writeFileSync(out, `${JSON.stringify({ date: new Date().toISOString(), machine, loadAverage: loadavg(), samples }, null, 2)}\n`)
  console.log(`\nwritten to ${out}`)
}

/** `--restore`: what `--state FILE` costs: its journal on the automined transfer rate, and restoring long chains. */
async function restore(machine: string): Promise<void> {
  const rounds = options.quick ? 2 : 4
  console.log(`--state's journal: automined transfers over HTTP, send + receipt, ${rounds} runs each without and with it, interleaved (load ${load1()})`)
  const cost = await measureJournalCost(rounds, options.quick ? 600 : 2_000)
  const list = (values: number[], unit: string) => values.map((v) => `${Math.round(v)}${unit}`).join(', ')
  console.log(`   without --state   ${list(cost.plain, ' tx/s')}   server CPU per transfer ${list(cost.plainCpuMicros, ' µs')}`)
  console.log(`   with --state      ${list(cost.journaled, ' tx/s')}   server CPU per transfer ${list(cost.journaledCpuMicros, ' µs')}`)
  console.log(`   cost: ${(cost.rateCost * 100).toFixed(1)}% of the median rate, ${(cost.cpuCost * 100).toFixed(1)}% more CPU per transfer (load ${load1()})`)
  console.log('\nRestoring a chain of one-transfer blocks: time to the banner of `chainsim serve`, median of 3, without and with --state')
  const restores: RestoreMeasurement[] = []
  for (const blocks of options.restoreBlocks) {
    const m = await measureRestore(blocks, 3)
    restores.push(m)
    console.log(
      `   ${String(blocks).padStart(7)} blocks (${m.fileMiB.toFixed(1)} MiB)   ${Math.round(m.freshMs)} ms → ${Math.round(m.restoredMs)} ms: +${Math.round(m.addedMs)} ms   (load ${load1()})`,
    )
  }
  const out = options.out ?? dated('-state')
  mkdirSync(dirname(out), { recursive: true })
  writeFileSync(out, `${JSON.stringify({ date: new Date().toISOString(), machine, loadAverage: loadavg(), journal: cost, restores }, null, 2)}\n`)
  console.log(`\nwritten to ${out}`)
}

await main()
