// chainsim's benchmark: fill rates through the miner, then a chain of N logs served over HTTP
// and WebSocket, measured the way a client sees it. Prints a table and writes it as JSON.
//
//   npm run bench                     # 200,000 logs
//   npm run bench -- --logs 1000000   # a million
//   npm run bench -- --quick          # a smaller, faster run (20,000 logs)
import { execFile } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { cpus, totalmem } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { Command } from 'commander'
import { encodeDeployData, encodeFunctionData, hexToBytes, toHex } from 'viem'
import { parseConfig } from '../src/config/loadConfig.ts'
import { ChainsimToken, EventEmitter } from '../src/contracts/index.ts'
import { signTransaction } from '../src/evm/index.ts'
import type { SignedTransaction, TypedTxData } from '../src/evm/index.ts'
import { ChainNode } from '../src/node.ts'
import { startServer } from '../src/server.ts'
import { rpc } from './bench/rpc.ts'
import { summarize, timeRepeated } from './bench/stats.ts'
import type { LatencySummary } from './bench/stats.ts'

const run = promisify(execFile)
const here = dirname(fileURLToPath(import.meta.url))

const options = new Command()
  .option('--logs <n>', 'logs in the served chain', (v) => Number(v), 200_000)
  .option('--quick', 'a small run: 20,000 logs, shorter load phases')
  .option('--seconds <n>', 'duration of each load phase', (v) => Number(v), 5)
  .option('--out <file>', 'where to write the JSON results', join(here, 'bench', 'results', 'latest.json'))
  .parse()
  .opts<{ logs: number; quick?: boolean; seconds: number; out: string }>()
if (options.quick) {
  options.logs = 20_000
  options.seconds = 2
}

interface Row {
  name: string
  median?: number
  p95?: number
  perSecond?: number
  note?: string
}
const rows: Row[] = []
const GWEI = 10n ** 9n

function record(name: string, summary: LatencySummary | undefined, extra: Partial<Row> = {}): void {
  const row: Row = { name, ...extra }
  if (summary) Object.assign(row, { median: round(summary.median), p95: round(summary.p95) })
  rows.push(row)
  console.log(formatRow(row))
}

function round(n: number): number {
  return Math.round(n * 1000) / 1000
}

function formatRow(row: Row): string {
  const cell = (v: number | undefined, width: number) => (v === undefined ? '' : String(v)).padStart(width)
  return `${row.name.padEnd(58)}${cell(row.median, 10)}${cell(row.p95, 10)}${cell(row.perSecond === undefined ? undefined : Math.round(row.perSecond), 10)}  ${row.note ?? ''}`
}

/** Signs transactions from one dev account with consecutive nonces. */
function signer(node: ChainNode, accountIndex: number) {
  const account = node.accounts[accountIndex]!
  let nonce = 0n
  return (fields: Partial<TypedTxData>): SignedTransaction =>
    signTransaction(
      { type: 2, chainId: node.chainId, nonce: nonce++, gasLimit: 5_000_000n, maxFeePerGas: 100n * GWEI, maxPriorityFeePerGas: GWEI, ...fields } as TypedTxData,
      account.privateKey,
      node.chain.engine.common,
    )
}

async function deploy(node: ChainNode, sign: ReturnType<typeof signer>, data: `0x${string}`): Promise<Uint8Array> {
  const tx = sign({ data: hexToBytes(data), gasLimit: 3_000_000n })
  await node.sendRawTransaction(tx.raw)
  if (!node.miner.isAutomine) await node.mine(1)
  const found = node.transaction(tx.hash)
  if (found?.status !== 'mined') throw new Error('deployment not mined')
  return found.location.block.transactions[found.location.index]!.contractAddress!
}

const tickData = (count: bigint) => hexToBytes(encodeFunctionData({ abi: EventEmitter.abi, functionName: 'emitMany', args: [count] }))
const oneEventData = hexToBytes(encodeFunctionData({ abi: EventEmitter.abi, functionName: 'emitOneTopic', args: [1n] }))

/** Transactions per second through admission and the miner, `perBlock` per block. */
async function fillRate(kind: 'erc20' | 'events1' | 'events100', perBlock: number, count: number): Promise<number> {
  const node = await ChainNode.create({ mining: { auto: perBlock === 1 } })
  const sign = signer(node, 0)
  let target: Uint8Array
  let data: Uint8Array
  if (kind === 'erc20') {
    target = await deploy(node, sign, encodeDeployData({ abi: ChainsimToken.abi, bytecode: ChainsimToken.bytecode, args: ['T', 'T', 10n ** 30n] }))
    data = hexToBytes(encodeFunctionData({ abi: ChainsimToken.abi, functionName: 'transfer', args: [toHex(node.accounts[1]!.address), 1n] }))
  } else {
    target = await deploy(node, sign, EventEmitter.bytecode)
    data = kind === 'events1' ? oneEventData : tickData(100n)
  }
  const gasLimit = kind === 'events100' ? 500_000n : 100_000n
  const txs = Array.from({ length: count }, () => sign({ to: target, data, gasLimit }))
  const start = performance.now()
  for (let i = 0; i < txs.length; i += perBlock) {
    for (const tx of txs.slice(i, i + perBlock)) await node.sendRawTransaction(tx.raw)
    if (perBlock > 1) await node.mine(1)
  }
  const seconds = (performance.now() - start) / 1000
  await node.close()
  return count / seconds
}

async function load(script: 'httpLoad' | 'wsLoad', url: string, body: object, seconds: number) {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', join(here, 'bench', `${script}.ts`), url, JSON.stringify(body), '32', String(seconds)], { maxBuffer: 1 << 20 })
  return JSON.parse(stdout) as { requests: number; rps: number; p50: number; p95: number; errors: number }
}

async function main(): Promise<void> {
  console.log(`chainsim bench ${new Date().toISOString()} on ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`)
  console.log(`${'measure'.padEnd(58)}${'median ms'.padStart(10)}${'p95 ms'.padStart(10)}${'per s'.padStart(10)}`)

  // Fill rates (issue 2's anchors: Anvil 1,330 / 329 tx/s, Hardhat 589 / 237 for 100-event transactions).
  const fillCount = options.quick ? 100 : 300
  for (const kind of ['erc20', 'events1', 'events100'] as const) {
    for (const perBlock of [1, 10]) {
      const rate = await fillRate(kind, perBlock, fillCount)
      record(`fill: ${kind}, ${perBlock} per block`, undefined, { perSecond: rate, note: 'tx/s' })
    }
  }

  // A served chain of N logs: transactions of 100 Tick events each, 10 per block.
  const config = parseConfig({ networks: [{ name: 'bench', chainId: 31337, port: 0, mining: { auto: false } }] })
  const server = await startServer(config, { port: 0 })
  const network = server.networks[0]!
  const node = network.node
  const url = `${network.httpUrl}/v3/bench`
  const wsUrl = `${network.wsUrl}/ws/v3/bench`
  const sign = signer(node, 0)
  const emitter = await deploy(node, sign, EventEmitter.bytecode)
  const heapBefore = process.memoryUsage()
  const fillStart = performance.now()
  const hashes: Uint8Array[] = []
  const txCount = Math.ceil(options.logs / 100)
  for (let i = 0; i < txCount; i += 10) {
    for (let j = i; j < Math.min(i + 10, txCount); j++) {
      const tx = sign({ to: emitter, data: tickData(100n), gasLimit: 500_000n })
      hashes.push(tx.hash)
      await node.sendRawTransaction(tx.raw)
    }
    await node.mine(1)
  }
  const fillSeconds = (performance.now() - fillStart) / 1000
  record(`fill to ${options.logs} logs (100-event txs, 10 per block)`, undefined, { perSecond: txCount / fillSeconds, note: `tx/s; ${fillSeconds.toFixed(1)} s` })
  global.gc?.()
  const memory = process.memoryUsage()
  record('RSS after fill', undefined, { note: `${Math.round(memory.rss / 2 ** 20)} MiB; heap ${Math.round((memory.heapUsed - heapBefore.heapUsed) / options.logs)} B/log (${global.gc ? 'after gc' : 'no --expose-gc'})` })

  const head = node.head.number
  const hex = (n: bigint) => `0x${n.toString(16)}`
  const addressHex = toHex(emitter)
  const logs100 = await timeRepeated(20, () => rpc(url, 'eth_getLogs', [{ address: addressHex, fromBlock: hex(head > 99n ? head - 99n : 0n), toBlock: hex(head) }]))
  record('eth_getLogs 100 blocks by address (10,000 logs)', logs100, { note: 'target ≤ 15 ms; Anvil 54' })
  const someTx = hashes[Math.floor(hashes.length / 2)]!
  const found = node.transaction(someTx)
  const oneTopic = found?.status === 'mined' ? found.location.block.transactions[found.location.index]!.logs[37]!.topics[1]! : new Uint8Array(32)
  const topicQuery = await timeRepeated(50, () => rpc(url, 'eth_getLogs', [{ fromBlock: '0x0', toBlock: 'latest', topics: [null, toHex(oneTopic)] }]))
  record('eth_getLogs whole range, one topic value', topicQuery, { note: 'target ≤ 1 ms; Anvil 17' })
  const overLimit = await timeRepeated(20, async () => {
    try {
      await rpc(url, 'eth_getLogs', [{ address: addressHex, fromBlock: '0x0', toBlock: 'latest' }])
      throw new Error('over-limit query was answered')
    } catch (error) {
      if ((error as { code?: number }).code !== -32005) throw error
    }
  })
  record('eth_getLogs whole range by address → -32005', overLimit, { note: 'target ≤ 10 ms' })

  const byHash = { jsonrpc: '2.0', id: 1, method: 'eth_getTransactionByHash', params: [toHex(someTx)] }
  const httpByHash = await load('httpLoad', url, byHash, options.seconds)
  record('eth_getTransactionByHash, HTTP keep-alive, 32 clients', { samples: httpByHash.requests, median: httpByHash.p50, p95: httpByHash.p95, min: 0 }, { perSecond: httpByHash.rps, note: `target ≥ 20,000/s, p50 ≤ 0.25; errors ${httpByHash.errors}` })
  const wsByHash = await load('wsLoad', wsUrl, byHash, options.seconds)
  record('eth_getTransactionByHash, WebSocket, 32 clients', { samples: wsByHash.requests, median: wsByHash.p50, p95: wsByHash.p95, min: 0 }, { perSecond: wsByHash.rps, note: `errors ${wsByHash.errors}` })
  const blockNumber = { jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] }
  const httpBlockNumber = await load('httpLoad', url, blockNumber, options.seconds)
  record('eth_blockNumber, HTTP keep-alive, 32 clients', { samples: httpBlockNumber.requests, median: httpBlockNumber.p50, p95: httpBlockNumber.p95, min: 0 }, { perSecond: httpBlockNumber.rps, note: `errors ${httpBlockNumber.errors}` })
  const wsBlockNumber = await load('wsLoad', wsUrl, blockNumber, options.seconds)
  record('eth_blockNumber, WebSocket, 32 clients', { samples: wsBlockNumber.requests, median: wsBlockNumber.p50, p95: wsBlockNumber.p95, min: 0 }, { perSecond: wsBlockNumber.rps, note: `errors ${wsBlockNumber.errors}` })

  // 1,000 log filters, then a block of 1,000 logs; each poll should cost what changed for it.
  const filters: string[] = []
  for (let i = 0; i < 1000; i++) {
    const address = i % 2 === 0 ? addressHex : toHex(new Uint8Array(20).fill((i % 250) + 1))
    filters.push(await rpc<string>(url, 'eth_newFilter', [{ address }]))
  }
  await node.sendRawTransaction(sign({ to: emitter, data: tickData(1000n), gasLimit: 25_000_000n }).raw)
  await node.mine(1)
  const pollSamples: number[] = []
  for (const id of filters) {
    const start = performance.now()
    await rpc(url, 'eth_getFilterChanges', [id])
    pollSamples.push(performance.now() - start)
  }
  record('eth_getFilterChanges, 1,000 filters, block of 1,000 logs', summarize(pollSamples), { note: `all 1,000 polls ${Math.round(pollSamples.reduce((a, b) => a + b, 0))} ms` })
  for (const id of filters) await rpc(url, 'eth_uninstallFilter', [id])

  for (const depth of [1, 10]) {
    const reorg = await timeRepeated(depth === 1 ? 10 : 5, () => rpc(url, 'sim_reorg', [{ depth }]), 1)
    record(`sim_reorg depth ${depth} at ${options.logs} logs`, reorg, { note: depth === 1 ? 'target ≤ 20 ms' : '' })
  }
  await server.close()

  // The same reorgs on a chain a tenth the size: the time must not grow with the chain's length.
  const small = await ChainNode.create({ mining: { auto: false } })
  const smallSign = signer(small, 0)
  const smallEmitter = await deploy(small, smallSign, EventEmitter.bytecode)
  for (let i = 0; i < Math.ceil(txCount / 10); i += 10) {
    for (let j = 0; j < 10; j++) await small.sendRawTransaction(smallSign({ to: smallEmitter, data: tickData(100n), gasLimit: 500_000n }).raw)
    await small.mine(1)
  }
  for (const depth of [1, 10]) {
    const reorg = await timeRepeated(depth === 1 ? 10 : 5, () => small.simReorg({ depth }), 1)
    record(`sim_reorg depth ${depth} at ${small.logs.head === undefined ? 0 : Math.round(options.logs / 10)} logs (in-process)`, reorg)
  }
  await small.close()

  mkdirSync(dirname(options.out), { recursive: true })
  writeFileSync(
    options.out,
    `${JSON.stringify({ date: new Date().toISOString(), machine: { cpus: cpus().length, model: cpus()[0]?.model, memoryGiB: Math.round(totalmem() / 2 ** 30), node: process.version }, logs: options.logs, rows }, null, 2)}\n`,
  )
  console.log(`\nwritten to ${options.out}`)
}

await main()
