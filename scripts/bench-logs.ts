// Benchmarks the log index on 200,000 synthetic logs (2,000 blocks × 100), no EVM involved.
// Run: node --expose-gc --import tsx scripts/bench-logs.ts   (or npx tsx scripts/bench-logs.ts, without heap figures)
import type { Log } from '../src/evm/types.ts'
import { type IndexedBlock, LogIndex, type LogRangeQuery } from '../src/logs/index.ts'

const BLOCKS = 2_000
const TRANSACTIONS_PER_BLOCK = 10
const LOGS_PER_TRANSACTION = 10
const LOGS = BLOCKS * TRANSACTIONS_PER_BLOCK * LOGS_PER_TRANSACTION
const RUNS = 50
const LIMIT = 10_000

const word = (n: number, last = 31): Uint8Array => {
  const bytes = new Uint8Array(32)
  new DataView(bytes.buffer).setUint32(last - 3, n)
  return bytes
}
const addressOf = (n: number): Uint8Array => word(n).subarray(12)

// Tick(uint256 indexed i, address indexed sender, uint256 value): one emitter, four senders, i unique per log.
const EMITTER = addressOf(0xe0)
const TICK = word(0x71c4, 3)
const SENDERS = 4

/** Fresh byte arrays per log, as the EVM hands them over; `sender`'s topic is its padded address. */
function tickLog(tick: number, sender: number): Log {
  return {
    address: EMITTER.slice(),
    topics: [TICK.slice(), word(tick), word(0xa0 + sender)],
    data: word(tick * 7),
  }
}

function makeBlock(number: number, branch: number): IndexedBlock {
  const hash = word(number)
  hash[0] = branch
  const transactions = Array.from({ length: TRANSACTIONS_PER_BLOCK }, (_, t) => {
    const first = (number * TRANSACTIONS_PER_BLOCK + t) * LOGS_PER_TRANSACTION
    const logs = Array.from({ length: LOGS_PER_TRANSACTION }, (_, i) => tickLog(first + i, t % SENDERS))
    const txHash = word(first)
    txHash[0] = 0xee
    return { hash: txHash, logs }
  })
  return { number: BigInt(number), hash, timestamp: 1_700_000_000n + BigInt(number) * 12n, transactions }
}

const gc = (globalThis as { gc?: () => void }).gc
/** Heap plus typed-array backing stores, which live outside the V8 heap. */
const heapUsed = (): number => {
  gc?.()
  gc?.()
  const { heapUsed, arrayBuffers } = process.memoryUsage()
  return heapUsed + arrayBuffers
}

function measure(name: string, run: (i: number) => string): void {
  for (let i = 0; i < 5; i++) run(i)
  const times: number[] = []
  let outcome = ''
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now()
    outcome = run(i)
    times.push(performance.now() - start)
  }
  times.sort((a, b) => a - b)
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(3)
  console.log(`${name.padEnd(58)} median ${at(0.5).padStart(8)} ms   p95 ${at(0.95).padStart(8)} ms   ${outcome}`)
}

const describe = (result: ReturnType<LogIndex['query']>): string =>
  result.status === 'ok'
    ? `${result.logs.length} logs`
    : result.status === 'tooManyResults'
      ? `tooManyResults, suggested [${result.suggestedRange?.from}, ${result.suggestedRange?.to}]`
      : 'timeout'

const baseline = heapUsed()
const blocks = Array.from({ length: BLOCKS }, (_, n) => makeBlock(n, 0))
const withLogs = heapUsed()
const index = new LogIndex()
const buildStart = performance.now()
for (const b of blocks) index.append(b)
const buildMs = performance.now() - buildStart
const withIndex = heapUsed()

const logsPerSecond = ((LOGS / buildMs) * 1000).toFixed(0)
console.log(`${LOGS} logs in ${BLOCKS} blocks; index built in ${buildMs.toFixed(0)} ms (${logsPerSecond} logs/s)`)
if (gc === undefined) console.log('heap: run with node --expose-gc --import tsx for heap figures')
else {
  const perLog = (bytes: number) => (bytes / LOGS).toFixed(1)
  console.log(`heap per log: index ${perLog(withIndex - withLogs)} B; logs themselves ${perLog(withLogs - baseline)} B`)
  console.log(`process RSS with logs and index: ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MiB`)
}

const whole = (criteria: Omit<LogRangeQuery, 'fromBlock' | 'toBlock'>): LogRangeQuery => ({
  fromBlock: 0n,
  toBlock: BigInt(BLOCKS - 1),
  ...criteria,
})
const query = (criteria: LogRangeQuery) => describe(index.query(criteria, { limit: LIMIT, deadline: performance.now() + 10_000 }))
const startOf = (i: number) => BigInt((i * 397) % (BLOCKS - 100))

measure('100-block range by address (10,000 logs)', (i) => query({ fromBlock: startOf(i), toBlock: startOf(i) + 99n, addresses: [EMITTER] }))
measure('whole range, one topic value (1 log)', (i) => query(whole({ topics: [null, word((i * 7919) % LOGS)] })))
measure('whole range by address, over the limit', () => query(whole({ addresses: [EMITTER] })))
measure('whole range by address + topic0, over the limit', () => query(whole({ addresses: [EMITTER], topics: [TICK] })))
measure('whole range, topic0 + sender, over the limit', () => query(whole({ topics: [TICK, null, word(0xa1)] })))
measure('whole range, four null topics, 0 logs (full scan)', () => query(whole({ topics: [null, null, null, null] })))
measure('100 blocks, topic0 OR 6 + sender OR 6 (8,000 logs)', (i) =>
  query({
    fromBlock: startOf(i),
    toBlock: startOf(i) + 99n,
    topics: [[TICK, word(1), word(2), word(3), word(4), word(5)], null, [0, 1, 2, 5, 6, 7].map((s) => word(0xa0 + s))],
  }),
)
measure('count, whole range by address (cap 10,000)', () => String(index.count(whole({ addresses: [EMITTER] }), LIMIT)))
// Reorgs swap the newest blocks between two branches, built beforehand so that only the index is timed.
const branches = [blocks.slice(-10), blocks.slice(-10).map((b) => makeBlock(Number(b.number), 1))]
for (const depth of [1, 10]) {
  measure(`truncate ${depth} block(s) + append ${depth} other(s)`, (i) => {
    const removed = index.truncate(BigInt(BLOCKS - depth))
    for (const b of branches[i % 2]!.slice(-depth)) index.append(b)
    return `${removed * TRANSACTIONS_PER_BLOCK * LOGS_PER_TRANSACTION} logs out and in`
  })
}
