// The hostile-input run: a real `chainsim serve` process on loopback takes what anyone who can reach its
// port may send, for a minute, from several clients at once: filters of 100,000 addresses or topic values,
// 100,000 fee-history percentiles, 500 simulated blocks, calls overriding 100,000 accounts, messages nested a hundred thousand levels deep,
// oversized bodies, batches past the limit, malformed JSON, wrong types, bad hex, huge numbers, over HTTP and
// WebSocket, between ordinary reads. Every answer must be
// well-formed JSON-RPC with an expected code (never -32603), and memory must come back: RSS 20 s after the
// run at most start + 250 MiB, and at most start + 400 MiB at any time. Exits 1 when a check fails.
//
//   npm run hostile                   # 60 s
//   npm run hostile -- --seconds 20
import { Command } from 'commander'
import { WebSocket } from 'ws'
import { rssMiB, startChainsim } from './bench/chainsimProcess.ts'
import { freePort } from '../test/helpers/freePort.ts'

const options = new Command()
  .option('--seconds <n>', 'how long to run', (v) => Number(v), 60)
  .option('--clients <n>', 'HTTP clients sending at once', (v) => Number(v), 8)
  .option('--port <n>', 'port for the server under test (default: a free one)', (v) => Number(v))
  .parse()
  .opts<{ seconds: number; clients: number; port?: number }>()

const MAX_SETTLED_GROWTH_MIB = 250
const MAX_PEAK_GROWTH_MIB = 400
const SETTLE_MS = 20_000

const many = (n: number, make: (i: number) => string) => Array.from({ length: n }, (_, i) => make(i))
const addresses = many(100_000, (i) => `0x${i.toString(16).padStart(40, '0')}`)
const topics = many(100_000, (i) => `0x${i.toString(16).padStart(64, '0')}`)
const call = (method: string, params: unknown) => JSON.stringify({ jsonrpc: '2.0', id: 1, method, params })

/** What to send, how often (weight), and which answers are expected (HTTP status; JSON-RPC codes). */
interface Attack {
  name: string
  weight: number
  /** Written once: the client must not spend the machine's cores building what it sends. */
  body: string
  status: number[]
  codes?: number[]
}

const attacks: Attack[] = (
  [
    { name: 'getLogs 100k addresses', weight: 2, body: () => call('eth_getLogs', [{ address: addresses, fromBlock: '0x0' }]), status: [200], codes: [-32005] },
    { name: 'getLogs 100k topics', weight: 2, body: () => call('eth_getLogs', [{ topics: [topics] }]), status: [200], codes: [-32005] },
    { name: 'newFilter 100k addresses', weight: 2, body: () => call('eth_newFilter', [{ address: addresses }]), status: [200], codes: [-32005] },
    {
      name: 'feeHistory 100k percentiles',
      weight: 1,
      body: () => call('eth_feeHistory', ['0x400', 'latest', many(100_000, (i) => String(i / 1000))]),
      status: [200],
      codes: [-32000],
    },
    {
      name: 'simulateV1 500 blocks',
      weight: 1,
      body: () =>
        call('eth_simulateV1', [
          { blockStateCalls: Array.from({ length: 500 }, () => ({ calls: Array.from({ length: 100 }, () => ({ to: addresses[1] })) })) },
        ]),
      status: [200],
      codes: [-38026],
    },
    {
      name: 'call overriding 100k accounts',
      weight: 1,
      body: () => call('eth_call', [{ to: addresses[1] }, 'latest', Object.fromEntries(addresses.map((a) => [a, { balance: '0x1' }]))]),
      status: [200],
      codes: [-32000],
    },
    { name: '100k levels deep', weight: 2, body: () => `${'['.repeat(100_000)}${']'.repeat(100_000)}`, status: [200], codes: [-32600] },
    { name: 'body past 10 MB', weight: 1, body: () => call('eth_getLogs', [{ address: many(260_000, () => addresses[0]!) }]), status: [413] },
    {
      name: 'batch of 1,001',
      weight: 2,
      body: () => JSON.stringify(many(1001, () => '').map((_, id) => ({ jsonrpc: '2.0', id, method: 'eth_chainId' }))),
      status: [200],
      codes: [-32600],
    },
    {
      name: 'batch of 1,000 mixed',
      weight: 2,
      body: () =>
        JSON.stringify(
          many(1000, (i) => String(i)).map((id, i) =>
            i % 3 === 0
              ? { jsonrpc: '2.0', id, method: 'eth_getBalance', params: ['0xzz'] }
              : i % 3 === 1
                ? { jsonrpc: '1.0', id }
                : { jsonrpc: '2.0', id, method: 'eth_blockNumber' },
          ),
        ),
      status: [200],
      codes: [-32602, -32600],
    },
    { name: 'malformed JSON', weight: 10, body: () => '{"jsonrpc":"2.0","id":1,"method":"eth_call","params":[{"to":', status: [200], codes: [-32700] },
    { name: 'wrong types', weight: 10, body: () => call('eth_getBlockByNumber', [{ a: [1, 2] }, 'yes']), status: [200], codes: [-32602] },
    { name: 'bad hex', weight: 10, body: () => call('eth_getTransactionByHash', [`0xZZ${'f'.repeat(62)}`]), status: [200], codes: [-32602] },
    { name: 'huge numbers', weight: 10, body: () => call('eth_getBlockByNumber', [`0x${'f'.repeat(200)}`, false]), status: [200], codes: [-32602] },
    { name: 'unicode method', weight: 5, body: () => call('eth_\u{1F4A9}\u0000', []), status: [200], codes: [-32601] },
    { name: 'unknown filter', weight: 10, body: () => call('eth_getFilterChanges', ['0xffffffff']), status: [200], codes: [-32000] },
    { name: 'ordinary read', weight: 30, body: () => call('eth_blockNumber', []), status: [200] },
  ] as Array<Omit<Attack, 'body'> & { body: () => string }>
).map((attack) => ({ ...attack, body: attack.body() }))
const totalWeight = attacks.reduce((sum, a) => sum + a.weight, 0)
const pick = (): Attack => {
  let r = Math.random() * totalWeight
  for (const attack of attacks) if ((r -= attack.weight) < 0) return attack
  return attacks[attacks.length - 1]!
}

const counts = new Map<string, number>()
const unexpected: string[] = []

function checkAnswer(attack: Attack, status: number, text: string): void {
  counts.set(attack.name, (counts.get(attack.name) ?? 0) + 1)
  if (!attack.status.includes(status)) return void unexpected.push(`${attack.name}: HTTP ${status}`)
  let answer: unknown
  try {
    answer = JSON.parse(text)
  } catch {
    return void unexpected.push(`${attack.name}: not JSON: ${text.slice(0, 80)}`)
  }
  for (const item of Array.isArray(answer) ? answer : [answer]) {
    const error = (item as { error?: { code: number; message: string } }).error
    if (error?.code === -32603) unexpected.push(`${attack.name}: -32603 ${error.message}`)
    else if (error && attack.codes && !attack.codes.includes(error.code)) unexpected.push(`${attack.name}: code ${error.code} ${error.message}`)
    else if (!error && attack.codes && status === 200 && attack.name !== 'batch of 1,000 mixed') unexpected.push(`${attack.name}: answered without an error`)
  }
}

async function httpClient(url: string, until: number): Promise<void> {
  while (Date.now() < until) {
    const attack = pick()
    try {
      const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: attack.body })
      checkAnswer(attack, response.status, await response.text())
    } catch (error) {
      // A 413 may close the connection while the rest of the body is still being sent.
      if (attack.status.includes(413)) counts.set(attack.name, (counts.get(attack.name) ?? 0) + 1)
      else unexpected.push(`${attack.name}: ${(error as Error).message}`)
    }
  }
}

/** WebSocket clients that send oversized and hostile messages; the server closes or answers, never crashes. */
async function wsClient(url: string, until: number): Promise<void> {
  while (Date.now() < until) {
    const socket = new WebSocket(url)
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)))
    const opened = await new Promise<boolean>((resolve) => {
      socket.once('open', () => resolve(true))
      socket.once('error', () => resolve(false))
    })
    if (!opened) {
      unexpected.push('ws: could not connect')
      return
    }
    for (let i = 0; i < 20 && Date.now() < until; i++) {
      socket.send(i % 5 === 0 ? call('eth_getLogs', [{ address: addresses }]) : i % 5 === 1 ? `${'{"a":'.repeat(50_000)}` : call('eth_blockNumber', []))
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    socket.send('x'.repeat(11 * 1024 * 1024))
    const code = await Promise.race([closed, new Promise<number>((resolve) => setTimeout(() => resolve(-1), 5_000))])
    if (code !== 1009) unexpected.push(`ws: a message past 10 MB closed the connection with ${code}, not 1009`)
    counts.set('ws sessions', (counts.get('ws sessions') ?? 0) + 1)
  }
}

async function main(): Promise<void> {
  const port = options.port ?? (await freePort())
  const child = await startChainsim(port)
  const pid = child.pid as number
  const url = `http://127.0.0.1:${port}/v3/hostile`
  const wsUrl = `ws://127.0.0.1:${port}/ws/v3/hostile`
  // One warm-up round of every attack, so that start-up allocation is not counted as growth.
  for (const attack of attacks) {
    const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: attack.body }).catch(() => undefined)
    await response?.text()
  }
  await new Promise((resolve) => setTimeout(resolve, 2_000))
  const start = rssMiB(pid)
  let peak = start
  const sampler = setInterval(() => (peak = Math.max(peak, rssMiB(pid))), 250)
  const until = Date.now() + options.seconds * 1000
  console.log(`hostile: ${options.seconds} s, ${options.clients} HTTP clients and a WebSocket client against chainsim (pid ${pid}); RSS at start ${start} MiB`)
  await Promise.all([...many(options.clients, () => '').map(() => httpClient(url, until)), wsClient(wsUrl, until)])
  const end = rssMiB(pid)
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS))
  clearInterval(sampler)
  const settled = rssMiB(pid)
  child.kill('SIGINT')
  await new Promise((resolve) => child.once('exit', resolve))

  const requests = [...counts.values()].reduce((sum, n) => sum + n, 0)
  for (const [name, n] of [...counts].sort((a, b) => b[1] - a[1])) console.log(`  ${name.padEnd(28)}${String(n).padStart(8)}`)
  console.log(`requests: ${requests}`)
  console.log(`unexpected answers: ${unexpected.length}${unexpected.length ? `\n  ${[...new Set(unexpected)].slice(0, 10).join('\n  ')}` : ''}`)
  console.log(
    `RSS (MiB): start ${start}, peak ${peak} (+${peak - start}, bound +${MAX_PEAK_GROWTH_MIB}), at the end ${end}, ${SETTLE_MS / 1000} s later ${settled} (+${settled - start}, bound +${MAX_SETTLED_GROWTH_MIB})`,
  )
  const ok = unexpected.length === 0 && peak - start <= MAX_PEAK_GROWTH_MIB && settled - start <= MAX_SETTLED_GROWTH_MIB
  console.log(ok ? 'hostile: OK' : 'hostile: FAILED')
  process.exit(ok ? 0 : 1)
}

await main()
