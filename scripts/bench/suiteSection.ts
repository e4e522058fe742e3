// The contract test suite, side by side: chainsim and Anvil each started fresh, the same suite over HTTP
// (testSuite.ts), and chainsim again in-process through a viem transport (chainsim/testing).
import { startChainsim as startInProcess } from '../../src/testing/index.ts'
import { startAnvil, startChainsim } from './targets.ts'
import type { Target } from './targets.ts'
import { httpCall, runTestSuite } from './testSuite.ts'
import type { Call, TestSuiteResult } from './testSuite.ts'

export interface SuiteRows {
  chainsim: TestSuiteResult
  anvil?: TestSuiteResult
  inProcess: TestSuiteResult
}

/** The suite over HTTP against a freshly started target. */
async function onFresh(start: () => Promise<Target>, tests: number): Promise<TestSuiteResult> {
  const target = await start()
  try {
    return await runTestSuite(httpCall(target.url), tests)
  } finally {
    await target.close()
  }
}

/** The suite through chainsim/testing's in-process transport: a viem client's `request`, no socket. */
async function inProcess(tests: number): Promise<TestSuiteResult> {
  const chainsim = await startInProcess()
  try {
    const request = chainsim.transport({}).request as (args: { method: string; params?: unknown[] }) => Promise<unknown>
    const call: Call = (method, params) => request({ method, params })
    return await runTestSuite(call, tests)
  } finally {
    await chainsim.close()
  }
}

export async function measureTestSuite(tests: number, anvil: string | undefined): Promise<SuiteRows> {
  const chainsim = await onFresh(() => startChainsim({ automine: true }), tests)
  const other = anvil ? await onFresh(() => startAnvil(anvil, { automine: true }), tests) : undefined
  return { chainsim, anvil: other, inProcess: await inProcess(tests) }
}

/** The rows as printed: total and per test, then each method's p50 inside the mix, with chainsim / Anvil. */
export function printTestSuite(rows: SuiteRows, print: (line: string) => void): void {
  const { chainsim, anvil, inProcess: local } = rows
  const ms = (n: number | undefined) => (n === undefined ? '—' : `${n.toFixed(n < 10 ? 2 : 1)} ms`)
  const ratio = (a: number | undefined, b: number | undefined) => (a === undefined || b === undefined ? '' : `${(a / b).toFixed(2)}× time`)
  print(`   ${''.padEnd(40)} ${'chainsim'.padEnd(14)} ${'Anvil'.padEnd(14)} ${'in-process'.padEnd(14)} chainsim / Anvil`)
  print(
    `   ${`total, ${chainsim.tests} tests`.padEnd(40)} ${ms(chainsim.totalMs).padEnd(14)} ${ms(anvil?.totalMs).padEnd(14)} ${ms(local.totalMs).padEnd(14)} ${ratio(chainsim.totalMs, anvil?.totalMs)}`,
  )
  print(
    `   ${'per test'.padEnd(40)} ${ms(chainsim.perTestMs).padEnd(14)} ${ms(anvil?.perTestMs).padEnd(14)} ${ms(local.perTestMs).padEnd(14)} ${ratio(chainsim.perTestMs, anvil?.perTestMs)}`,
  )
  for (const method of Object.keys(chainsim.p50)) {
    const a = chainsim.p50[method]
    const b = anvil?.p50[method]
    print(`   ${`${method} p50`.padEnd(40)} ${ms(a).padEnd(14)} ${ms(b).padEnd(14)} ${ms(local.p50[method]).padEnd(14)} ${ratio(a, b)}`)
  }
}
