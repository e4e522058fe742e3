// What the machine itself costs, measured in a few seconds at the start of every bench run and kept with its
// results. chainsim's times are JavaScript's (allocation, GC, page faults); Anvil's are Rust's, which allocates
// far less. On some machines (virtual machines that halt an idle CPU, nested paging) the first two are several
// times dearer than on others while Anvil barely changes, so a ratio to Anvil moves from one day to the next
// with the machine, not with chainsim. These rows say which machine a run met.
import { summarize } from './stats.ts'
import { startFloorServer } from './targets.ts'
import { httpCall } from './testSuite.ts'

export interface MachineCalibration {
  /** Small objects allocated and dropped, per µs of wall time (young-generation allocation and scavenges). */
  allocationsPerMicrosecond: number
  /** µs to touch a 4 KiB page of memory the process has not touched before (a page fault and its zeroing). */
  pageFaultMicroseconds: number
  /** p50 ms of a request to a bare node:http server on loopback, asked right after the one before. */
  backToBackMs: number
  /** p50 ms of the same request asked after both processes were idle for 4 ms (waking an idle CPU). */
  afterIdleMs: number
}

function allocationRate(): number {
  const count = 2_000_000
  let kept: { a: number; b: number[] } | undefined
  const start = performance.now()
  for (let i = 0; i < count; i++) kept = { a: i, b: [i] }
  const micros = (performance.now() - start) * 1000
  if (kept?.a !== count - 1) throw new Error('allocation loop did not run')
  return count / micros
}

function pageFaultCost(): number {
  const pages = 16_384 // 64 MiB
  const bytes = new Uint8Array(pages * 4096)
  const start = performance.now()
  for (let i = 0; i < bytes.length; i += 4096) bytes[i] = 1
  return ((performance.now() - start) * 1000) / pages
}

async function loopbackLatency(): Promise<{ backToBackMs: number; afterIdleMs: number }> {
  const server = await startFloorServer(JSON.stringify({ jsonrpc: '2.0', id: 1, result: '0x1' }))
  try {
    const call = httpCall(server.url)
    const timed = async () => {
      const start = performance.now()
      await call('eth_blockNumber', [])
      return performance.now() - start
    }
    for (let i = 0; i < 300; i++) await timed()
    const backToBack: number[] = []
    for (let i = 0; i < 500; i++) backToBack.push(await timed())
    const afterIdle: number[] = []
    for (let i = 0; i < 150; i++) {
      await new Promise((resolve) => setTimeout(resolve, 4))
      afterIdle.push(await timed())
    }
    return { backToBackMs: summarize(backToBack).median, afterIdleMs: summarize(afterIdle).median }
  } finally {
    await server.close()
  }
}

export async function calibrateMachine(): Promise<MachineCalibration> {
  const allocationsPerMicrosecond = Math.max(allocationRate(), allocationRate())
  const pageFaultMicroseconds = Math.min(pageFaultCost(), pageFaultCost())
  return { allocationsPerMicrosecond, pageFaultMicroseconds, ...(await loopbackLatency()) }
}

export function describeCalibration(c: MachineCalibration): string {
  return (
    `machine: ${c.allocationsPerMicrosecond.toFixed(1)} allocations/µs, a new page ${c.pageFaultMicroseconds.toFixed(2)} µs, ` +
    `loopback request p50 ${c.backToBackMs.toFixed(3)} ms back to back, ${c.afterIdleMs.toFixed(3)} ms after 4 ms idle`
  )
}
