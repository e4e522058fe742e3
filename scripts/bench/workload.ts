// One workload, run the same way against any target over JSON-RPC: fill a chain with 100-event
// transactions, then query it, load it, poll filters and reorganise it.
import { execFile } from 'node:child_process'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { encodeFunctionData, hexToBytes, toHex } from 'viem'
import { EventEmitter } from '../../src/contracts/index.ts'
import { createDevCommon, deriveDevAccounts, DEV_MNEMONIC, signTransaction } from '../../src/evm/index.ts'
import type { SignedTransaction, TypedTxData } from '../../src/evm/index.ts'
import { postTimed, rpc, rpcText } from './rpc.ts'
import { summarize, timeRepeated } from './stats.ts'
import type { Target } from './targets.ts'

const run = promisify(execFile)
const here = dirname(fileURLToPath(import.meta.url))
const GWEI = 10n ** 9n
const RECIPIENT = new Uint8Array(20).fill(0x77)
const round = (n: number | undefined) => (n === undefined ? undefined : Math.round(n * 10) / 10)

/** One measured row: a latency summary (ms) and/or a rate, with a note. */
export interface Measurement {
  median?: number
  p95?: number
  perSecond?: number
  note?: string
}

export interface WorkloadOptions {
  logs: number
  seconds: number
}

/** Signs for dev account `index` with nonces from 0 up, as a wallet that alone uses that account. */
function signer(index = 0) {
  const common = createDevCommon(31337n, 'bench')
  const account = deriveDevAccounts(DEV_MNEMONIC, index + 1)[index]
  let nonce = 0n
  return (fields: Partial<TypedTxData>): SignedTransaction =>
    signTransaction(
      { type: 2, chainId: 31337n, nonce: nonce++, maxFeePerGas: 100n * GWEI, maxPriorityFeePerGas: GWEI, gasLimit: 500_000n, ...fields } as TypedTxData,
      account!.privateKey,
      common,
    )
}

const tick = (count: bigint) => hexToBytes(encodeFunctionData({ abi: EventEmitter.abi, functionName: 'emitMany', args: [count] }))

export async function load(script: 'httpLoad' | 'wsLoad', url: string, body: object, seconds: number, clients = 32): Promise<Measurement> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', join(here, `${script}.ts`), url, JSON.stringify(body), String(clients), String(seconds)], {
    maxBuffer: 1 << 20,
  })
  const result = JSON.parse(stdout) as { rps: number; p50: number; p95: number; errors: number }
  return { median: result.p50, p95: result.p95, perSecond: result.rps, note: result.errors ? `${result.errors} errors` : undefined }
}

/** Plain ETH transfers one at a time under automine, each sent and its receipt read, as a test suite does. */
async function automineTransfers(target: Target, sign: ReturnType<typeof signer>, count: number): Promise<Measurement> {
  const { url } = target
  const txs = Array.from({ length: count }, () => sign({ to: RECIPIENT, value: 1n, gasLimit: 21_000n }))
  await target.setAutomine(true)
  const start = performance.now()
  for (const tx of txs) {
    const hash = await rpc<string>(url, 'eth_sendRawTransaction', [toHex(tx.raw)])
    // Anvil may answer the send before its block is in: the receipt is asked for until it is there, as a
    // client waiting for it does.
    for (let tries = 0; !(await rpc<unknown>(url, 'eth_getTransactionReceipt', [hash])); tries++) {
      if (tries === 1000) throw new Error('no receipt under automine')
    }
  }
  const perSecond = count / ((performance.now() - start) / 1000)
  await target.setAutomine(false)
  return { perSecond }
}

/** Runs the workload; rows are keyed by a stable name so targets line up. */
export async function runWorkload(target: Target, options: WorkloadOptions): Promise<Map<string, Measurement>> {
  const rows = new Map<string, Measurement>()
  const { url, wsUrl } = target
  const sign = signer()
  const send = (raw: Uint8Array) => rpc<string>(url, 'eth_sendRawTransaction', [toHex(raw)])
  // Transfers come from an account of their own: the reorgs below drop the other's newest transactions.
  const transferSigner = signer(1)

  // First, right after start-up: what a test suite meets (a fresh process per run or per worker).
  rows.set('plain transfers, automine, send + receipt, first 300 after start (tx/s)', await automineTransfers(target, transferSigner, 300))
  // The per-request floor: one keep-alive client, nothing queued, latency only.
  rows.set(
    'eth_blockNumber, HTTP, 1 client (latency)',
    await load('httpLoad', url, { jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] }, options.seconds, 1),
  )
  const idle = await rpc<string>(url, 'eth_newFilter', [{ address: toHex(new Uint8Array(20).fill(0xfe)) }])
  rows.set(
    'eth_getFilterChanges, idle filter, HTTP, 1 client (latency)',
    await load('httpLoad', url, { jsonrpc: '2.0', id: 1, method: 'eth_getFilterChanges', params: [idle] }, options.seconds, 1),
  )
  await rpc(url, 'eth_uninstallFilter', [idle])

  const deploy = sign({ data: hexToBytes(EventEmitter.bytecode), gasLimit: 3_000_000n })
  await send(deploy.raw)
  await target.mine()
  const emitter = (await rpc<{ contractAddress: string }>(url, 'eth_getTransactionReceipt', [toHex(deploy.hash)])).contractAddress

  // Fill, 10 per block: signing happens before the clock starts.
  const txCount = Math.ceil(options.logs / 100)
  const fill = Array.from({ length: txCount }, () => sign({ to: hexToBytes(emitter as `0x${string}`), data: tick(100n) }))
  let start = performance.now()
  for (let i = 0; i < fill.length; i += 10) {
    for (const tx of fill.slice(i, i + 10)) await send(tx.raw)
    await target.mine()
  }
  const fillSeconds = (performance.now() - start) / 1000
  rows.set('fill: 100-event txs, 10 per block (tx/s)', { perSecond: txCount / fillSeconds })
  const single = Array.from({ length: 100 }, () => sign({ to: hexToBytes(emitter as `0x${string}`), data: tick(100n) }))
  start = performance.now()
  for (const tx of single) {
    await send(tx.raw)
    await target.mine()
  }
  rows.set('fill: 100-event txs, 1 per block (tx/s)', { perSecond: 100 / ((performance.now() - start) / 1000) })
  // One log whose second topic no other log has: what "one topic value" finds.
  const marker = 0x5eed_cafen
  await send(
    sign({
      to: hexToBytes(emitter as `0x${string}`),
      data: hexToBytes(encodeFunctionData({ abi: EventEmitter.abi, functionName: 'emitTwoTopics', args: [marker, 1n] })),
    }).raw,
  )
  await target.mine()
  const totalLogs = (txCount + 100) * 100 + 1
  const rss = target.rssMiB()
  rows.set(`RSS after ${totalLogs} logs (MiB)`, { note: `${rss} MiB, ${Math.round((rss * 2 ** 20) / totalLogs)} B/log all told` })

  const head = BigInt(await rpc<string>(url, 'eth_blockNumber'))
  const hex = (n: bigint) => `0x${n.toString(16)}`
  const from100 = head > 99n ? head - 99n : 0n
  // The last 100 blocks are the 1-per-block ones: 100 logs each, 10,000 in all.
  // Timed to the last byte of the answer (not parsed): 10,000 logs are ~6 MB of JSON.
  const hundred = { address: emitter, fromBlock: hex(from100 - 1n), toBlock: hex(head - 1n) }
  const count = (await rpc<unknown[]>(url, 'eth_getLogs', [hundred])).length
  rows.set('eth_getLogs 100 blocks by address (10,000 logs)', {
    ...(await timeRepeated(50, () => rpcText(url, 'eth_getLogs', [hundred]))),
    note: `${count} logs`,
  })
  const markerTopic = `0x${marker.toString(16).padStart(64, '0')}`
  const found = (await rpc<unknown[]>(url, 'eth_getLogs', [{ fromBlock: '0x0', toBlock: 'latest', topics: [null, markerTopic] }])).length
  rows.set('eth_getLogs whole range, one topic value', {
    ...(await timeRepeated(50, () => rpcText(url, 'eth_getLogs', [{ fromBlock: '0x0', toBlock: 'latest', topics: [null, markerTopic] }]))),
    note: `${found} log`,
  })
  let overLimit = ''
  const whole = await timeRepeated(
    3,
    async () => {
      try {
        const logs = await rpc<unknown[]>(url, 'eth_getLogs', [{ address: emitter, fromBlock: '0x0', toBlock: 'latest' }])
        overLimit = `answered all ${logs.length} logs`
      } catch (error) {
        overLimit = `error ${(error as { code?: number }).code}`
      }
    },
    1,
  )
  rows.set('eth_getLogs whole range by address (over the limit)', { ...whole, note: overLimit })

  // A filter of 100,000 addresses (4.5 MB): chainsim refuses it for its count, which it takes before reading
  // any address; the floor is what parsing that much JSON costs here.
  const manyAddresses = Array.from({ length: 100_000 }, (_, i) => `0x${i.toString(16).padStart(40, '0')}`)
  const oversized = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_getLogs', params: [{ address: manyAddresses, fromBlock: hex(head) }] })
  const parseFloor = await timeRepeated(20, async () => void JSON.parse(oversized), 2)
  const rssBefore = target.rssMiB()
  let refusal = ''
  const serverTimes: number[] = []
  for (let i = 0; i < 22 && !refusal.startsWith('connection'); i++) {
    try {
      const { text, serverMs } = await postTimed(url, oversized)
      refusal = text.includes('"error"') ? `error ${(JSON.parse(text) as { error: { code: number } }).error.code}` : 'answered'
      if (i >= 2) serverTimes.push(serverMs)
    } catch (error) {
      // Anvil closes the connection on a body this large without answering.
      refusal = `connection closed without an answer (${(error as NodeJS.ErrnoException).code ?? error})`
    }
  }
  const timing = serverTimes.length > 0 ? summarize(serverTimes) : {}
  rows.set('eth_getLogs with 100,000 addresses (4.5 MB): server time', { ...timing, note: `${refusal}; JSON.parse of it alone ${round(parseFloor.median)} ms` })
  await new Promise((resolve) => setTimeout(resolve, 3_000))
  rows.set('RSS before / 3 s after 20 such requests (MiB)', { note: `${rssBefore} / ${target.rssMiB()}` })

  const byHash = { jsonrpc: '2.0', id: 1, method: 'eth_getTransactionByHash', params: [toHex(fill[0]!.hash)] }
  rows.set('eth_getTransactionByHash, HTTP, 32 clients', await load('httpLoad', url, byHash, options.seconds))
  // Latency without queueing: at 32 clients a p50 is mostly time spent waiting behind the other 31.
  rows.set('eth_getTransactionByHash, HTTP, 1 client (latency)', await load('httpLoad', url, byHash, options.seconds, 1))
  rows.set('eth_getTransactionByHash, WebSocket, 32 clients', await load('wsLoad', wsUrl, byHash, options.seconds))
  rows.set('eth_blockNumber, HTTP, 32 clients', await load('httpLoad', url, { jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] }, options.seconds))

  // 1,000 log filters, then a block of 1,000 logs, then every filter polled once.
  const filters: string[] = []
  for (let i = 0; i < 1000; i++) {
    const address = i % 2 === 0 ? emitter : toHex(new Uint8Array(20).fill((i % 250) + 1))
    filters.push(await rpc<string>(url, 'eth_newFilter', [{ address }]))
  }
  await send(sign({ to: hexToBytes(emitter as `0x${string}`), data: tick(1000n), gasLimit: 25_000_000n }).raw)
  await target.mine()
  const polls: number[] = []
  for (const id of filters) {
    const t = performance.now()
    await rpc(url, 'eth_getFilterChanges', [id])
    polls.push(performance.now() - t)
  }
  rows.set('eth_getFilterChanges, 1,000 filters, block of 1,000 logs', {
    ...summarize(polls),
    note: `all polls ${Math.round(polls.reduce((a, b) => a + b, 0))} ms`,
  })
  for (const id of filters) await rpc(url, 'eth_uninstallFilter', [id])

  rows.set('reorg depth 1 (anvil_reorg)', await timeRepeated(10, () => target.reorg(1), 1))
  rows.set('reorg depth 10 (anvil_reorg)', await timeRepeated(5, () => target.reorg(10), 1))
  // Warm: the same transfers once the process has done everything above.
  rows.set('plain transfers, automine, send + receipt, warm (tx/s)', await automineTransfers(target, transferSigner, 300))
  return rows
}
