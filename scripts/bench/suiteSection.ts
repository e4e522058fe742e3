// The contract test suite, side by side: chainsim, Anvil and (where the development dependency is installed)
// Hardhat's node, each started fresh, the same suite over HTTP (testSuite.ts), and chainsim again in-process
// through a viem transport (chainsim/testing). Fresh: the first `tests` tests a new node meets. Warm: one node
// runs `warmFrom + warmTests` tests and only the last `warmTests` count, what a long suite meets.
import { startChainsim as startInProcess } from '../../src/testing/index.ts'
import { startHardhat } from './hardhatTarget.ts'
import { startAnvil, startChainsim } from './targets.ts'
import type { Target } from './targets.ts'
import { httpCall, runTestSuite } from './testSuite.ts'
import type { Call, TestSuiteResult } from './testSuite.ts'

export interface SuiteRows {
  chainsim: TestSuiteResult
  /** chainsim again, its suite started a moment after its first answer (a test runner's own start-up). */
  chainsimAfterPause?: TestSuiteResult
  anvil?: TestSuiteResult
  hardhat?: TestSuiteResult
  inProcess: TestSuiteResult
}

export interface SuiteRun {
  /** Tests that are measured. */
  tests: number
  /** Tests run first on the same node and not measured (0: the node is fresh). */
  skip?: number
  /** Also run chainsim's suite this long after its first answer, as a test runner that loads first meets it. */
  pauseMs?: number
}

/** Keeps only the tests after the first `skip`: their time, and each method's p50 over the whole run. */
function after(result: TestSuiteResult, skip: number): TestSuiteResult {
  if (skip === 0) return result
  const testMs = result.testMs.slice(skip)
  const totalMs = testMs.reduce((a, b) => a + b, 0)
  return { ...result, tests: testMs.length, testMs, totalMs, perTestMs: totalMs / testMs.length }
}

/** The suite over HTTP against a freshly started target. */
async function onFresh(start: () => Promise<Target>, run: SuiteRun, pauseMs = 0): Promise<TestSuiteResult> {
  const target = await start()
  try {
    if (pauseMs > 0) await new Promise((resolve) => setTimeout(resolve, pauseMs))
    return after(await runTestSuite(httpCall(target.url), run.tests + (run.skip ?? 0)), run.skip ?? 0)
  } finally {
    await target.close()
  }
}

/** The suite through chainsim/testing's in-process transport: a viem client's `request`, no socket. */
async function inProcess(run: SuiteRun): Promise<TestSuiteResult> {
  const chainsim = await startInProcess()
  try {
    const request = chainsim.transport({}).request as (args: { method: string; params?: unknown[] }) => Promise<unknown>
    const call: Call = (method, params) => request({ method, params })
    return after(await runTestSuite(call, run.tests + (run.skip ?? 0)), run.skip ?? 0)
  } finally {
    await chainsim.close()
  }
}

export async function measureTestSuite(run: SuiteRun, anvil: string | undefined): Promise<SuiteRows> {
  const chainsim = await onFresh(() => startChainsim({ automine: true }), run)
  const chainsimAfterPause = run.pauseMs ? await onFresh(() => startChainsim({ automine: true }), run, run.pauseMs) : undefined
  const other = anvil ? await onFresh(() => startAnvil(anvil, { automine: true }), run) : undefined
  let hardhat: TestSuiteResult | undefined
  const hardhatNode = await startHardhat()
  if (hardhatNode) {
    try {
      hardhat = after(await runTestSuite(httpCall(hardhatNode.url), run.tests + (run.skip ?? 0)), run.skip ?? 0)
    } finally {
      await hardhatNode.close()
    }
  }
  return { chainsim, chainsimAfterPause, anvil: other, hardhat, inProcess: await inProcess(run) }
}

/** Mean ms per test in buckets of `size` tests: how a fresh node's time falls as its code is compiled. */
export function curveOf(result: TestSuiteResult, size = 20): string {
  const buckets: string[] = []
  for (let i = 0; i < result.testMs.length; i += size) {
    const bucket = result.testMs.slice(i, i + size)
    buckets.push((bucket.reduce((a, b) => a + b, 0) / bucket.length).toFixed(1))
  }
  return buckets.join(' ')
}

/** The rows as printed: total and per test, then each method's p50 inside the mix, with chainsim / Anvil. */
export function printTestSuite(rows: SuiteRows, print: (line: string) => void): void {
  const { chainsim, chainsimAfterPause: paused, anvil, hardhat, inProcess: local } = rows
  const ms = (n: number | undefined) => (n === undefined ? '—' : `${n.toFixed(n < 10 ? 2 : 1)} ms`)
  const ratio = (a: number | undefined, b: number | undefined) => (a === undefined || b === undefined ? '' : `${(a / b).toFixed(2)}×`)
  const row = (label: string, values: Array<number | undefined>, a: number | undefined, b: number | undefined, c: number | undefined) =>
    print(`   ${label.padEnd(34)} ${values.map((v) => ms(v).padEnd(11)).join(' ')} ${ratio(a, b).padEnd(9)} ${ratio(c, b)}`)
  print(`   ${''.padEnd(34)} ${['chainsim', 'Anvil', 'Hardhat', 'in-process'].map((h) => h.padEnd(11)).join(' ')} ${'cs/Anvil'.padEnd(9)} in-proc/Anvil`)
  row(`total, ${chainsim.tests} tests`, [chainsim.totalMs, anvil?.totalMs, hardhat?.totalMs, local.totalMs], chainsim.totalMs, anvil?.totalMs, local.totalMs)
  row('per test', [chainsim.perTestMs, anvil?.perTestMs, hardhat?.perTestMs, local.perTestMs], chainsim.perTestMs, anvil?.perTestMs, local.perTestMs)
  for (const method of Object.keys(chainsim.p50)) {
    const values = [chainsim.p50[method], anvil?.p50[method], hardhat?.p50[method], local.p50[method]]
    row(`${method} p50`, values, values[0], values[1], values[3])
  }
  if (paused) row('per test, started after a pause', [paused.perTestMs, anvil?.perTestMs, undefined, undefined], paused.perTestMs, anvil?.perTestMs, undefined)
  print('   ms per test, in buckets of 20 tests:')
  const curves = [
    ['chainsim', chainsim],
    ['after a pause', paused],
    ['Anvil', anvil],
    ['Hardhat', hardhat],
    ['in-process', local],
  ] as const
  for (const [name, result] of curves) {
    if (result) print(`     ${name.padEnd(12)} ${curveOf(result)}`)
  }
}
