// What a replay costs: blocks a second replayed (cold, from an upstream over loopback HTTP; warm, from the fork
// cache with --offline) and bytes the cache and a fixture keep a block, on a generated history of mainnet-like
// blocks: ~200 transactions of ten senders a block (ERC-20 transfers, ether transfers, event-heavy calls,
// calldata-heavy calls, reverts, now and then a contract creation), ~10M gas each.
//
//   npx tsx scripts/bench-replay.ts [--blocks N] [--txs N] [--cpu-prof FILE]   (FILE: the warm replay's profile)
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { Session } from 'node:inspector/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { Command } from 'commander'
import { encodeDeployData, encodeFunctionData, hexToBytes, type Hex } from 'viem'
import { parseConfig } from '../src/config/loadConfig.ts'
import { ChainsimToken, EventEmitter } from '../src/contracts/index.ts'
import { bytesToHex, signTransaction } from '../src/evm/index.ts'
import type { SignedTransaction } from '../src/evm/index.ts'
import { createForkedNode } from '../src/fork/createForkedNode.ts'
import { writeFixture } from '../src/fork/fixture.ts'
import { ChainNode } from '../src/node.ts'
import { startServer } from '../src/server.ts'

const options = new Command()
  .option('--blocks <n>', 'blocks of history to replay', (v) => Number(v), 200)
  .option('--txs <n>', 'transactions a block', (v) => Number(v), 200)
  .option('--cpu-prof <file>', "write the warm replay's CPU profile (.cpuprofile) here")
  .parse()
  .opts<{ blocks: number; txs: number; cpuProf?: string }>()

const GWEI = 10n ** 9n
const CHAIN_ID = 1337n

async function generate(): Promise<{ node: ChainNode; forkBlock: bigint; gasPerBlock: number }> {
  const node = await ChainNode.create({ name: 'upstream', chainId: CHAIN_ID, mining: { auto: false }, blockGasLimit: 36_000_000n, accountCount: 10 })
  const common = node.chain.head.header.common
  const accounts = node.accounts
  const nonces = accounts.map(() => 0n)
  const sign = (i: number, fields: Record<string, unknown>): SignedTransaction => {
    const signed = signTransaction(
      {
        type: 2,
        chainId: CHAIN_ID,
        nonce: nonces[i]!,
        maxFeePerGas: 100n * GWEI,
        maxPriorityFeePerGas: BigInt(1 + (Number(nonces[i]!) % 7)) * GWEI,
        gasLimit: 200_000n,
        value: 0n,
        ...fields,
      },
      accounts[i]!.privateKey,
      common,
    )
    nonces[i]!++
    return signed
  }
  const send = (signed: SignedTransaction) => node.sendRawTransaction(signed.raw)
  const tokenCode = hexToBytes(encodeDeployData({ abi: ChainsimToken.abi, bytecode: ChainsimToken.bytecode, args: ['Token', 'TOK', 10n ** 30n] }))
  await send(sign(0, { data: tokenCode, gasLimit: 3_000_000n }))
  await send(sign(1, { data: hexToBytes(EventEmitter.bytecode), gasLimit: 3_000_000n }))
  const [deployed] = await node.mine(1)
  const token = deployed!.transactions[0]!.contractAddress!
  const emitter = deployed!.transactions[1]!.contractAddress!
  // Every sender holds tokens, so that transfers come from all of them.
  for (let i = 1; i < accounts.length; i++) {
    await send(
      sign(0, {
        to: token,
        data: hexToBytes(encodeFunctionData({ abi: ChainsimToken.abi, functionName: 'transfer', args: [bytesToHex(accounts[i]!.address) as Hex, 10n ** 27n] })),
      }),
    )
  }
  await node.mine(1)
  const forkBlock = node.head.number
  const transfer = (to: number) =>
    hexToBytes(encodeFunctionData({ abi: ChainsimToken.abi, functionName: 'transfer', args: [`0x${to.toString(16).padStart(40, '0')}` as Hex, BigInt(to)] }))
  const many = (n: bigint) => hexToBytes(encodeFunctionData({ abi: EventEmitter.abi, functionName: 'emitMany', args: [n] }))
  const large = (b: number) =>
    hexToBytes(encodeFunctionData({ abi: EventEmitter.abi, functionName: 'emitLargeData', args: [`0x${'ab'.repeat(400 + (b % 200))}` as Hex] }))
  let gas = 0n
  for (let b = 0; b < options.blocks; b++) {
    for (let t = 0; t < options.txs; t++) {
      const sender = t % accounts.length
      const kind = t % 20
      if (kind < 8) await send(sign(sender, { to: token, data: transfer(0x10000 + b * options.txs + t) }))
      else if (kind < 13)
        await send(sign(sender, { to: `0x${(0x20000 + t).toString(16).padStart(40, '0')}` as unknown as Uint8Array, value: BigInt(t + 1), gasLimit: 21_000n }))
      else if (kind < 16) await send(sign(sender, { to: emitter, data: many(BigInt(3 + (t % 3))) }))
      else if (kind < 19) await send(sign(sender, { to: emitter, data: large(b + t) }))
      // More than the sender holds: reverts.
      else
        await send(
          sign(sender, {
            to: token,
            data: hexToBytes(
              encodeFunctionData({ abi: ChainsimToken.abi, functionName: 'transfer', args: [bytesToHex(accounts[0]!.address) as Hex, 10n ** 40n] }),
            ),
          }),
        )
    }
    if (b % 25 === 0) await send(sign(b % accounts.length, { data: hexToBytes(EventEmitter.bytecode), gasLimit: 1_500_000n }))
    const [block] = await node.mine(1)
    gas += block!.header.gasUsed
  }
  return { node, forkBlock, gasPerBlock: Number(gas / BigInt(options.blocks)) }
}

function sizeOf(dir: string): number {
  let total = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    total += entry.isDirectory() ? sizeOf(path) : statSync(path).size
  }
  return total
}

async function replay(
  url: string,
  forkBlock: bigint,
  to: bigint,
  cacheDir: string,
  offline: boolean,
): Promise<{ seconds: number; cpuSeconds: number; cache: string }> {
  const forked = await createForkedNode({ url, blockNumber: forkBlock, cacheDir, offline, replay: { to, speed: 'fast' } }, { name: 'replay' })
  const session = offline && options.cpuProf ? new Session() : undefined
  if (session) {
    session.connect()
    await session.post('Profiler.enable')
    await session.post('Profiler.start')
  }
  const started = performance.now()
  const cpu = process.cpuUsage()
  forked.node.replay!.start({ paced: false })
  const status = await forked.node.replay!.untilIdle()
  const seconds = (performance.now() - started) / 1000
  const used = process.cpuUsage(cpu)
  const cpuSeconds = (used.user + used.system) / 1e6
  if (session) {
    const { profile } = await session.post('Profiler.stop')
    writeFileSync(options.cpuProf as string, JSON.stringify(profile))
    session.disconnect()
  }
  if (!status.done || status.mismatch || status.error) throw new Error(`the replay stopped: ${status.mismatch?.message ?? status.error}`)
  const cache = forked.origin.cacheDir
  if (!offline) {
    const fixture = join(cacheDir, 'range.jsonl.gz')
    const bytes = await writeFixture(forked.cache, forkBlock + 1n, to, fixture)
    console.log(`fixture (gzip'd): ${(bytes / Number(to - forkBlock) / 1024).toFixed(1)} KiB a block`)
  }
  await forked.close()
  return { seconds, cpuSeconds, cache }
}

const generated = performance.now()
const { node, forkBlock, gasPerBlock } = await generate()
const to = node.head.number
console.log(
  `history: ${options.blocks} blocks of ${options.txs + 0} transactions, ${(gasPerBlock / 1e6).toFixed(1)}M gas a block, made in ${((performance.now() - generated) / 1000).toFixed(1)} s`,
)
const server = await startServer(parseConfig({ networks: [{ name: 'upstream', chainId: Number(CHAIN_ID), mining: { auto: false } }] }), {
  port: 0,
  createNode: async () => node,
})
const url = `${server.networks[0]!.httpUrl}/v3/bench`
const cacheDir = mkdtempSync(join(tmpdir(), 'chainsim-bench-replay-'))
try {
  const cold = await replay(url, forkBlock, to, cacheDir, false)
  // CPU seconds are this process's (the upstream's answers included, when cold): on a shared machine they vary less than the wall clock.
  console.log(
    `cold (upstream over loopback HTTP): ${(options.blocks / cold.seconds).toFixed(1)} blocks/s (${cold.seconds.toFixed(1)} s; ${(options.blocks / cold.cpuSeconds).toFixed(1)} blocks a CPU second)`,
  )
  const blocksBytes = sizeOf(join(cold.cache, 'blocks'))
  const stateBytes = statSync(join(cold.cache, 'entries.jsonl')).size
  console.log(
    `cache: ${(blocksBytes / options.blocks / 1024).toFixed(1)} KiB a block of blocks (raw transactions), ${(stateBytes / options.blocks / 1024).toFixed(1)} KiB a block of state read`,
  )
  const warm = await replay(url, forkBlock, to, cacheDir, true)
  console.log(
    `warm (--offline, from the cache): ${(options.blocks / warm.seconds).toFixed(1)} blocks/s (${warm.seconds.toFixed(1)} s; ${(options.blocks / warm.cpuSeconds).toFixed(1)} blocks, ` +
      `${((options.blocks * options.txs) / warm.cpuSeconds).toFixed(0)} transactions a CPU second)`,
  )
} finally {
  await server.close()
  rmSync(cacheDir, { recursive: true, force: true })
}
