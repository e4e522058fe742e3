import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { encodeAbiParameters, keccak256 } from 'viem'
import type { Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { parseConfig } from '../../src/config/loadConfig.ts'
import { playScenario } from '../../src/scenarios/playScenario.ts'
import { startServer } from '../../src/server.ts'
import type { RunningServer } from '../../src/server.ts'
import { generateHistory } from '../helpers/generatedHistory.ts'
import type { GeneratedHistory } from '../helpers/generatedHistory.ts'
import { devAccount, hex } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { countingProxy } from '../helpers/upstream.ts'
import type { CountingProxy } from '../helpers/upstream.ts'

// A second chainsim, served on loopback, mines a generated history; a fork of it replays that history block by
// block and must commit to the same transactions, receipts, blooms and gas as the upstream, online and offline.
const CHAIN_ID = 1337
const COMMITTED = ['transactionsRoot', 'receiptsRoot', 'logsBloom', 'gasUsed'] as const

let upstream: RunningServer
let upstreamUrl: string
/** The upstream as the first replay sees it, then gone. */
let proxy: CountingProxy
let history: GeneratedHistory
let cacheDir: string

async function startReplay(fork: Record<string, unknown>): Promise<RunningServer> {
  return startServer(parseConfig({ networks: [{ name: 'replay', fork: { cacheDir, retries: 0, ...fork } }] }), { port: 0 })
}

async function replayed(server: RunningServer) {
  const status = await server.networks[0]!.node.replay!.untilIdle()
  return { status, url: `${server.networks[0]!.httpUrl}/v3/test` }
}

beforeAll(async () => {
  cacheDir = await mkdtemp(join(tmpdir(), 'chainsim-replay-'))
  upstream = await startServer(parseConfig({ networks: [{ name: 'upstream', chainId: CHAIN_ID, mining: { auto: false } }] }), { port: 0 })
  upstreamUrl = `${upstream.networks[0]!.httpUrl}/v3/test`
  history = await generateHistory(upstreamUrl, { chainId: CHAIN_ID, blocks: 8 })
  proxy = await countingProxy(upstreamUrl)
}, 120_000)

afterAll(async () => {
  await proxy?.close()
  await upstream?.close()
  if (cacheDir) await rm(cacheDir, { recursive: true, force: true })
})

describe('a replay of a chainsim upstream', () => {
  const firstHashes: string[] = []

  test('mines every block after the fork block again with the upstream’s commitments, transactions and logs', async () => {
    const fork = await startReplay({ url: proxy.url, blockNumber: Number(history.setupHead), replayTo: Number(history.head) })
    try {
      const { status, url } = await replayed(fork)
      // Each replayed block was asked of the upstream once, with its transactions.
      const asked = proxy.calls.filter((c) => c.startsWith('eth_getBlockByNumber ') && c.endsWith(',true]'))
      expect(asked.sort()).toEqual([...new Set(asked)].sort())
      expect(asked).toHaveLength(Number(history.head - history.setupHead))
      expect(status).toMatchObject({ from: history.setupHead, to: history.head, next: history.head + 1n, done: true })
      expect(status.mismatch).toBeUndefined()
      expect(status.error).toBeUndefined()
      for (let n = history.setupHead + 1n; n <= history.head; n++) {
        const [mine, theirs] = await Promise.all([rpc(url, 'eth_getBlockByNumber', [hex(n), false]), rpc(upstreamUrl, 'eth_getBlockByNumber', [hex(n), false])])
        for (const field of [
          ...COMMITTED,
          'timestamp',
          'miner',
          'gasLimit',
          'baseFeePerGas',
          'mixHash',
          'extraData',
          'parentBeaconBlockRoot',
          'excessBlobGas',
          'blobGasUsed',
          'transactions',
        ]) {
          expect(mine[field], `block ${n} ${field}`).toEqual(theirs[field])
        }
        // The state root is the fork's own (lazy state), so the hash is chainsim's.
        expect(mine.hash).not.toBe(theirs.hash)
        firstHashes.push(mine.hash)
      }
      // Every kind of transaction came through, with its receipt's outcome.
      for (const hash of [
        ...history.kinds.reverted,
        ...history.kinds.created,
        ...history.kinds.blob,
        ...history.kinds.authorization,
        ...history.kinds.legacy,
        ...history.kinds.accessList,
      ]) {
        const [mine, theirs] = await Promise.all([rpc(url, 'eth_getTransactionReceipt', [hash]), rpc(upstreamUrl, 'eth_getTransactionReceipt', [hash])])
        for (const field of [
          'status',
          'gasUsed',
          'cumulativeGasUsed',
          'contractAddress',
          'logsBloom',
          'type',
          'transactionIndex',
          'blockNumber',
          'blobGasUsed',
          'effectiveGasPrice',
        ]) {
          expect(mine[field], `${hash} ${field}`).toEqual(theirs[field])
        }
      }
      expect(history.kinds.reverted.length).toBeGreaterThan(0)
      const range = { fromBlock: hex(history.setupHead + 1n), toBlock: hex(history.head) }
      const strip = (logs: Array<Record<string, unknown>>) => logs.map(({ blockHash: _hash, ...rest }) => rest)
      const [myLogs, theirLogs] = await Promise.all([rpc(url, 'eth_getLogs', [range]), rpc(upstreamUrl, 'eth_getLogs', [range])])
      expect(theirLogs.length).toBeGreaterThan(50)
      expect(strip(myLogs)).toEqual(strip(theirLogs))
      const answer = await rpc(url, 'sim_replay', [])
      expect(answer).toEqual({
        from: hex(history.setupHead),
        to: hex(history.head),
        next: hex(history.head + 1n),
        done: true,
        paused: false,
        speed: 'fast',
        waiting: false,
      })
    } finally {
      await fork.close()
    }
  })

  test('replays again from the cache with the upstream gone (--offline): the same blocks, the same hashes', async () => {
    await proxy.close()
    const fork = await startReplay({ url: proxy.url, blockNumber: Number(history.setupHead), offline: true, replayTo: Number(history.head) })
    try {
      const { status, url } = await replayed(fork)
      expect(status.done).toBe(true)
      expect(status.mismatch).toBeUndefined()
      const hashes = []
      for (let n = history.setupHead + 1n; n <= history.head; n++) hashes.push((await rpc(url, 'eth_getBlockByNumber', [hex(n), false])).hash)
      expect(hashes).toEqual(firstHashes)
    } finally {
      await fork.close()
    }
  })

  test('sim_replay steers: starts paused, resumes, refuses what cannot be done, and holds other mining back', async () => {
    const fork = await startReplay({
      url: proxy.url,
      blockNumber: Number(history.setupHead),
      offline: true,
      replayTo: Number(history.head),
      replayPaused: true,
      replaySpeed: 'realtime',
    })
    try {
      const url = `${fork.networks[0]!.httpUrl}/v3/test`
      expect(await rpc(url, 'sim_replay', [])).toMatchObject({ paused: true, done: false, next: hex(history.setupHead + 1n), speed: 'realtime' })
      expect((await rpcError(url, 'evm_mine', [])).message).toMatch(
        /replaying .* only the replay mines until it ends: sim_replay \[\{"to": \d+\}\] ends it now/,
      )
      expect(await rpcError(url, 'sim_replay', [{ pause: true, resume: true }])).toMatchObject({
        code: -32602,
        message: 'invalid argument 0: pause and resume together: give one of them',
      })
      expect(await rpcError(url, 'sim_replay', [{ speed: -1 }])).toMatchObject({ code: -32602 })
      expect(await rpcError(url, 'sim_replay', [{ to: hex(history.setupHead - 1n) }])).toMatchObject({
        code: -32602,
        message: expect.stringMatching(/is below block/),
      })
      expect(await rpcError(url, 'sim_replay', [{ bogus: 1 }])).toMatchObject({ code: -32602 })
      // Ending early at block setupHead + 2: the replay is done there, and mining is the network's again.
      expect(await rpc(url, 'sim_replay', [{ to: hex(history.setupHead + 2n), speed: 'fast', resume: true }])).toMatchObject({ paused: false, speed: 'fast' })
      const { status } = await replayed(fork)
      expect(status).toMatchObject({ done: true, next: history.setupHead + 3n })
      expect(BigInt(await rpc<Hex>(url, 'eth_blockNumber'))).toBe(history.setupHead + 2n)
      await rpc(url, 'evm_mine')
      expect(BigInt(await rpc<Hex>(url, 'eth_blockNumber'))).toBe(history.setupHead + 3n)
      expect((await rpc(url, 'sim_network', [])).replay).toMatchObject({ done: true, to: hex(history.setupHead + 2n) })
      // anvil_reset: back at the fork block, the replay starts again as configured (paused, to its last block).
      await rpc(url, 'anvil_reset', [])
      expect(BigInt(await rpc<Hex>(url, 'eth_blockNumber'))).toBe(history.setupHead)
      expect(await rpc(url, 'sim_replay', [])).toMatchObject({ next: hex(history.setupHead + 1n), to: hex(history.head), paused: true, done: false })
      await rpc(url, 'sim_replay', [{ resume: true, speed: 'fast' }])
      expect((await replayed(fork)).status).toMatchObject({ done: true, next: history.head + 1n })
      expect(BigInt(await rpc<Hex>(url, 'eth_blockNumber'))).toBe(history.head)
    } finally {
      await fork.close()
    }
  })

  test('a transaction sent during a replay waits for the next replayed block and runs after its own transactions', async () => {
    const fork = await startReplay({ url: upstreamUrl, blockNumber: Number(history.setupHead), replayTo: Number(history.head), replayPaused: true })
    try {
      const url = `${fork.networks[0]!.httpUrl}/v3/test`
      // Dev account 9 sends nothing upstream: its transactions meet no replayed nonce.
      const local = await rpc<Hex>(url, 'eth_sendTransaction', [{ from: devAccount(9).address, to: devAccount(8).address, value: '0x1' }])
      expect((await rpc(url, 'eth_getTransactionByHash', [local])).blockNumber).toBeNull()
      await rpc(url, 'sim_replay', [{ resume: true, to: hex(history.setupHead + 1n) }])
      const { status } = await replayed(fork)
      expect(status).toMatchObject({ done: true })
      expect(status.mismatch).toBeUndefined()
      const [mine, theirs] = await Promise.all([
        rpc(url, 'eth_getBlockByNumber', [hex(history.setupHead + 1n), false]),
        rpc(upstreamUrl, 'eth_getBlockByNumber', [hex(history.setupHead + 1n), false]),
      ])
      expect(mine.transactions).toEqual([...theirs.transactions, local])
      // The block's own commitments cover the local transaction too; the replay checked the upstream's part.
      expect(mine.transactionsRoot).not.toBe(theirs.transactionsRoot)
      // Once the replay is done, the network mines again as configured (automine).
      const after = await rpc<Hex>(url, 'eth_sendTransaction', [{ from: devAccount(9).address, to: devAccount(8).address, value: '0x2' }])
      expect((await rpc(url, 'eth_getTransactionReceipt', [after])).blockNumber).toBe(hex(history.setupHead + 2n))
    } finally {
      await fork.close()
    }
  })

  test('a replayed block that differs stops the replay there, naming the first transaction and field', async () => {
    const fork = await startReplay({ url: upstreamUrl, blockNumber: Number(history.setupHead), replayTo: Number(history.head), replayPaused: true })
    try {
      const url = `${fork.networks[0]!.httpUrl}/v3/test`
      // Dev account 4's transfer reverted upstream for want of tokens: given tokens here, it succeeds.
      const slot = keccak256(encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [devAccount(4).address, 3n]))
      await rpc(url, 'anvil_setStorageAt', [history.token, slot, `0x${'00'.repeat(31)}ff`])
      await rpc(url, 'sim_replay', [{ resume: true }])
      const { status } = await replayed(fork)
      const stoppedAt = history.setupHead + 1n
      expect(status).toMatchObject({ done: false, next: stoppedAt + 1n, paused: false })
      expect(status.mismatch).toMatchObject({ block: stoppedAt, field: 'status', expected: 0, actual: 1 })
      const answer = await rpc(url, 'sim_replay', [])
      expect(answer.mismatch).toMatchObject({
        block: hex(stoppedAt),
        field: 'status',
        expected: 0,
        actual: 1,
        transaction: { hash: history.kinds.reverted[0] },
      })
      const index = answer.mismatch.transaction.index
      expect((await rpc(upstreamUrl, 'eth_getTransactionReceipt', [history.kinds.reverted[0]])).transactionIndex).toBe(hex(index))
      expect(answer.mismatch.message).toBe(`transaction ${index} (${history.kinds.reverted[0]}) of block ${stoppedAt}: status is 1 here, 0 upstream`)
      // The block that differs stays, to be traced; nothing after it is mined.
      expect(BigInt(await rpc<Hex>(url, 'eth_blockNumber'))).toBe(stoppedAt)
      expect(await rpcError(url, 'sim_replay', [{ resume: true }])).toMatchObject({
        code: -32602,
        message: expect.stringMatching(/stopped at block .* cannot go past it/),
      })
      expect((await rpcError(url, 'evm_mine', [])).message).toMatch(/stopped at block/)
      expect(await rpc(url, 'sim_replay', [{ to: hex(stoppedAt) }])).toMatchObject({ done: true })
      await rpc(url, 'evm_mine')
    } finally {
      await fork.close()
    }
  })

  test('in a scenario: a replaying network replays before the first step, and a replay step moves it on', async () => {
    const played = await playScenario(
      {
        name: 'replayed history',
        networks: [
          { name: 'eager', fork: { url: upstreamUrl, blockNumber: Number(history.setupHead), cacheDir, replayTo: Number(history.setupHead + 2n) } },
          { name: 'stepped', fork: { url: upstreamUrl, blockNumber: Number(history.setupHead), cacheDir, replayTo: Number(history.head), replayPaused: true } },
        ],
        steps: [
          { rpc: 'eth_blockNumber', expect: { equal: Number(history.setupHead + 2n) } },
          { network: 'stepped', filter: { address: history.token }, as: 'transfers' },
          { network: 'stepped', replay: { to: Number(history.head) }, as: 'status' },
          { network: 'stepped', rpc: 'eth_blockNumber', expect: { equal: Number(history.head) } },
          { network: 'stepped', changes: '$transfers', expect: { length: { gte: 8 } } },
          { network: 'stepped', replay: { to: Number(history.setupHead) } },
        ],
      },
      { keepGoing: true },
    )
    try {
      const steps = played.report.steps
      expect(steps.slice(0, 5).map((s) => s.status)).toEqual(['passed', 'passed', 'passed', 'passed', 'passed'])
      expect(played.names['status']).toMatchObject({ done: true, to: hex(history.head) })
      // A target below what is replayed is refused: the step fails, saying so.
      expect(steps[5]).toMatchObject({ status: 'failed', failures: [{ message: expect.stringMatching(/sim_replay failed: -32602 .*is below block/) }] })
    } finally {
      await played.close()
    }
  })

  test('a network that replays nothing answers sim_replay with -32000', async () => {
    expect(await rpcError(upstreamUrl, 'sim_replay', [])).toMatchObject({ code: -32000, message: expect.stringMatching(/^this network replays nothing/) })
    expect((await rpc(upstreamUrl, 'sim_network', [])).replay).toBeNull()
  })
})
