// A bounded load test of a real `chainsim serve` process on loopback, in two phases. First (two
// thirds of the run) mixed eth_getLogs, eth_getTransactionByHash, eth_sendRawTransaction, filter
// polls and WebSocket subscriptions, with a reorg every few seconds; then the same without writes.
// chainsim keeps every block, and the states of the newest ones, so RSS grows while blocks are mined
// (reported per block, bounded); once writes stop it must stay flat, or something leaks. Reports unexpected
// errors (must be 0) and latency percentiles per method. Exits 1 when a check fails.
//
//   npm run load                  # 30 s
//   npm run load -- --seconds 120
//   npm run load -- --soak        # 10 minutes
import { Command } from 'commander'
import { encodeDeployData, encodeFunctionData, hexToBytes, toHex } from 'viem'
import { WebSocket } from 'ws'
import { ChainsimToken } from '../src/contracts/index.ts'
import { createDevCommon, deriveDevAccounts, DEV_MNEMONIC, signTransaction } from '../src/evm/index.ts'
import { rssMiB, startChainsim } from './bench/chainsimProcess.ts'
import { freePort } from '../test/helpers/freePort.ts'
import { rpc } from './bench/rpc.ts'
import { summarize } from './bench/stats.ts'

const options = new Command()
  .option('--seconds <n>', 'how long to run', (v) => Number(v), 30)
  .option('--soak', 'a long run: 10 minutes')
  .option('--port <n>', 'port for the server under test (default: a free one)', (v) => Number(v))
  .parse()
  .opts<{ seconds: number; soak?: boolean; port?: number }>()
const seconds = options.soak ? 600 : options.seconds
const CHAIN_ID = 31337n
/**
 * What a block of this mix may retain: its header, transactions, receipts and logs as bytes, the indexes
 * (~1.5 KiB of heap measured), the state window's share (older states are let go), and V8's headroom.
 */
const MAX_KIB_PER_BLOCK = 4
/** A read-only load must not grow memory beyond GC noise. */
const MAX_READ_GROWTH_MIB = 24
const GWEI = 10n ** 9n

const latencies = new Map<string, number[]>()
const unexpected: string[] = []
let notifications = 0

async function timed<T>(method: string, call: () => Promise<T>): Promise<T | undefined> {
  const start = performance.now()
  try {
    return await call()
  } catch (error) {
    unexpected.push(`${method}: ${(error as Error).message}`)
    return undefined
  } finally {
    const list = latencies.get(method) ?? []
    list.push(performance.now() - start)
    latencies.set(method, list)
  }
}

async function main(): Promise<void> {
  const port = options.port ?? (await freePort())
  const child = await startChainsim(port)
  const url = `http://127.0.0.1:${port}/v3/load`
  const wsUrl = `ws://127.0.0.1:${port}/ws/v3/load`
  const common = createDevCommon(CHAIN_ID, 'dev')
  const accounts = deriveDevAccounts(DEV_MNEMONIC, 10)
  const nonces = new Map<number, bigint>()
  const sign = (index: number, fields: Record<string, unknown>) => {
    const nonce = nonces.get(index) ?? 0n
    nonces.set(index, nonce + 1n)
    return toHex(
      signTransaction(
        { type: 2, chainId: CHAIN_ID, nonce, gasLimit: 200_000n, maxFeePerGas: 100n * GWEI, maxPriorityFeePerGas: GWEI, ...fields },
        accounts[index]!.privateKey,
        common,
      ).raw,
    )
  }
  const deployHash = await rpc<string>(url, 'eth_sendRawTransaction', [
    sign(0, {
      data: hexToBytes(encodeDeployData({ abi: ChainsimToken.abi, bytecode: ChainsimToken.bytecode, args: ['L', 'L', 10n ** 30n] })),
      gasLimit: 3_000_000n,
    }),
  ])
  const token = (await rpc<{ contractAddress: string }>(url, 'eth_getTransactionReceipt', [deployHash])).contractAddress
  // Each sender gets tokens, so every transfer emits a log.
  for (let i = 1; i < 8; i++) {
    await rpc(url, 'eth_sendRawTransaction', [
      sign(0, {
        to: hexToBytes(token as `0x${string}`),
        data: hexToBytes(encodeFunctionData({ abi: ChainsimToken.abi, functionName: 'transfer', args: [toHex(accounts[i]!.address), 10n ** 24n] })),
      }),
    ])
  }
  const hashes: string[] = [deployHash]
  const startedAt = Date.now()
  const deadline = startedAt + seconds * 1000
  const writesEnd = startedAt + (seconds * 1000 * 2) / 3
  const running = () => Date.now() < deadline
  const writing = () => Date.now() < writesEnd

  const sender = async (index: number) => {
    while (writing()) {
      const data = hexToBytes(encodeFunctionData({ abi: ChainsimToken.abi, functionName: 'transfer', args: [toHex(accounts[(index % 9) + 1]!.address), 1n] }))
      const hash = await timed('eth_sendRawTransaction', () =>
        rpc<string>(url, 'eth_sendRawTransaction', [sign(index, { to: hexToBytes(token as `0x${string}`), data })]),
      )
      if (hash) hashes.push(hash)
    }
  }
  const reader = async () => {
    while (running()) {
      const hash = hashes[Math.floor(Math.random() * hashes.length)]
      await timed('eth_getTransactionByHash', () => rpc(url, 'eth_getTransactionByHash', [hash]))
      const head = await timed('eth_blockNumber', () => rpc<string>(url, 'eth_blockNumber', []))
      if (head) {
        const from = BigInt(head) > 100n ? BigInt(head) - 100n : 0n
        await timed('eth_getLogs', () => rpc(url, 'eth_getLogs', [{ address: token, fromBlock: toHex(from), toBlock: head }]))
      }
    }
  }
  const poller = async () => {
    const id = await timed('eth_newFilter', () => rpc<string>(url, 'eth_newFilter', [{ address: token }]))
    while (running() && id) {
      await timed('eth_getFilterChanges', () => rpc(url, 'eth_getFilterChanges', [id]))
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  }
  const subscriber = async () => {
    const socket = new WebSocket(wsUrl)
    await new Promise((resolve, reject) => {
      socket.once('open', resolve)
      socket.once('error', reject)
    })
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as { method?: string; error?: { message: string } }
      if (message.method === 'eth_subscription') notifications++
      else if (message.error) unexpected.push(`eth_subscribe: ${message.error.message}`)
    })
    socket.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_subscribe', params: ['logs', { address: token }] }))
    socket.send(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'eth_subscribe', params: ['newHeads'] }))
    while (running()) await new Promise((resolve) => setTimeout(resolve, 100))
    socket.close()
  }
  const reorger = async () => {
    while (writing()) {
      await new Promise((resolve) => setTimeout(resolve, 3000))
      if (writing()) await timed('sim_reorg', () => rpc(url, 'sim_reorg', [{ depth: 1 + Math.floor(Math.random() * 3) }]))
    }
  }
  const rss: Array<{ second: number; mib: number; writing: boolean; head: bigint }> = []
  const sampler = async () => {
    while (running()) {
      const head = BigInt((await rpc<string>(url, 'eth_blockNumber', [])) ?? '0x0')
      rss.push({ second: Math.round((Date.now() - startedAt) / 1000), mib: rssMiB(child.pid as number), writing: writing(), head })
      await new Promise((resolve) => setTimeout(resolve, Math.max(1000, (seconds * 1000) / 30)))
    }
  }

  console.log(`load: ${seconds} s against chainsim (pid ${child.pid}) on 127.0.0.1:${port}`)
  await Promise.all([...[1, 2, 3, 4].map(sender), reader(), reader(), reader(), reader(), poller(), poller(), subscriber(), subscriber(), reorger(), sampler()])
  child.kill('SIGINT')
  await new Promise((resolve) => child.once('exit', resolve))

  console.log(`\n${'method'.padEnd(28)}${'calls'.padStart(8)}${'p50 ms'.padStart(10)}${'p95 ms'.padStart(10)}${'p99 ms'.padStart(10)}`)
  for (const [method, list] of [...latencies].sort()) {
    const s = summarize(list)
    const p99 = [...list].sort((a, b) => a - b)[Math.floor(list.length * 0.99)] ?? 0
    console.log(
      `${method.padEnd(28)}${String(list.length).padStart(8)}${s.median.toFixed(2).padStart(10)}${s.p95.toFixed(2).padStart(10)}${p99.toFixed(2).padStart(10)}`,
    )
  }
  console.log(`subscription notifications: ${notifications}`)
  console.log(`RSS (MiB) over time: ${rss.map((r) => `${r.second}s:${r.mib}`).join(' ')}`)
  // While writing: growth per mined block, after a warm-up third of the write phase.
  const writes = rss.filter((r) => r.writing)
  const warm = writes.slice(Math.floor(writes.length / 3))
  const first = warm[0]
  const last = warm[warm.length - 1]
  const blocks = first && last ? Number(last.head - first.head) : 0
  const perBlockKiB = first && last && blocks > 0 ? ((last.mib - first.mib) * 1024) / blocks : 0
  // Once writes stop (after a second for the last ones to settle), RSS must stay flat.
  const reads = rss.filter((r) => !r.writing).slice(1)
  const readGrowth = reads.length > 1 ? Math.max(...reads.map((r) => r.mib)) - reads[0]!.mib : 0
  console.log(`unexpected errors: ${unexpected.length}${unexpected.length ? `\n  ${[...new Set(unexpected)].slice(0, 10).join('\n  ')}` : ''}`)
  console.log(`RSS while writing: ${perBlockKiB.toFixed(1)} KiB per block mined (${blocks} blocks; bound ${MAX_KIB_PER_BLOCK})`)
  console.log(`RSS growth with writes stopped: ${readGrowth} MiB (bound ${MAX_READ_GROWTH_MIB})`)
  const ok = unexpected.length === 0 && perBlockKiB <= MAX_KIB_PER_BLOCK && readGrowth <= MAX_READ_GROWTH_MIB
  console.log(ok ? 'load: OK' : 'load: FAILED')
  process.exit(ok ? 0 : 1)
}

await main()
