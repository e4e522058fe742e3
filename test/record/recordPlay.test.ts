import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { createWalletClient, http, parseEther } from 'viem'
import type { Hex } from 'viem'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { parseConfig } from '../../src/config/loadConfig.ts'
import { ScenarioRecorder } from '../../src/record/recorder.ts'
import { formatReport } from '../../src/scenarios/formatReport.ts'
import { playScenario } from '../../src/scenarios/playScenario.ts'
import { startServer } from '../../src/server.ts'
import { deployTokenViaRpc, devAccount, hex, tokenCall } from '../helpers/rpcChain.ts'
import { rpc } from '../helpers/rpcClient.ts'

// A served chain driven over real sockets (viem and plain JSON-RPC): sends, concurrent sends, reorgs asked for and
// drawn by a profile, balance, code and storage sets, time moves, snapshots, and blocks mined by a timer. The
// recording, played back, must end on the same blocks with the same hashes.
let dir: string

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'chainsim-record-'))
})
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true })
})

test('serve --record, then play: the same blocks, the same hashes', async () => {
  const file = join(dir, 'recorded.yaml')
  const config = parseConfig({
    networks: [
      {
        name: 'dev',
        chainId: 31337,
        reorgs: { profile: { name: 'busy', probability: 0.25, depths: { 1: 2, 2: 1 }, transactions: { reinclude: 0.7, drop: 0.1, reorder: true } }, seed: 3 },
      },
      { name: 'ticking', chainId: 1338, mining: { intervalMs: 120 } },
    ],
  })
  const server = await startServer(config, { port: 0, record: new ScenarioRecorder(file, config.networks) })
  const [dev, ticking] = server.networks.map((n) => `${n.httpUrl}/v3/k`) as [string, string]
  const served: Record<string, string[]> = {}
  try {
    const alice = devAccount(0)
    const wallet = createWalletClient({
      account: alice,
      transport: http(dev),
      chain: { id: 31337, name: 'dev', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [dev] } } },
    })
    const token = await deployTokenViaRpc(dev)
    await wallet.sendTransaction({ to: devAccount(1).address, value: parseEther('1') })
    // Concurrent sends: recorded in the order the network ran them.
    await Promise.all(
      [1, 2, 3, 4].map((i) => rpc(dev, 'eth_sendTransaction', [{ from: devAccount(i).address, to: token, value: '0x0', data: '0x' }]).catch(() => undefined)),
    )
    await Promise.all(
      [2, 3].map((i) => rpc(dev, 'eth_sendTransaction', [{ from: alice.address, to: token, data: tokenCall('transfer', [devAccount(i).address, BigInt(i)]) }])),
    )
    await rpc(dev, 'sim_reorg', [{ depth: 2 }])
    await rpc(dev, 'anvil_setBalance', [devAccount(5).address, hex(parseEther('3'))])
    await rpc(dev, 'anvil_setCode', ['0x00000000000000000000000000000000000000c0', '0x600160005260206000f3'])
    await rpc(dev, 'anvil_setStorageAt', [token, hex(7), `0x${'00'.repeat(31)}2a`])
    await rpc(dev, 'evm_increaseTime', [3600])
    await rpc(dev, 'evm_mine')
    const snapshot = await rpc<Hex>(dev, 'evm_snapshot')
    await rpc(dev, 'anvil_mine', [3])
    await rpc(dev, 'evm_revert', [snapshot])
    const head = BigInt((await rpc(dev, 'eth_getBlockByNumber', ['latest', false])).timestamp)
    await rpc(dev, 'evm_setNextBlockTimestamp', [hex(head + 100n)])
    await rpc(dev, 'evm_setAutomine', [false])
    await rpc(dev, 'eth_sendTransaction', [{ from: devAccount(5).address, to: devAccount(6).address, value: hex(parseEther('1')) }])
    await rpc(dev, 'anvil_mine', [2])
    await rpc(dev, 'sim_reorgProfile', [{ profile: 'none' }])
    await rpc(dev, 'evm_setAutomine', [true])
    // The ticking network mines on its timer meanwhile; sends land between its blocks. Each send waits for the timer's
    // next block, however long a loaded machine takes to mine it.
    const ticked = async (after: bigint) => {
      while (BigInt(await rpc<Hex>(ticking, 'eth_blockNumber')) <= after) await sleep(20)
    }
    for (let i = 0; i < 4; i++) {
      await rpc(ticking, 'eth_sendTransaction', [{ from: devAccount(i).address, to: devAccount(9).address, value: '0x1' }])
      await ticked(BigInt(await rpc<Hex>(ticking, 'eth_blockNumber')))
    }
    await ticked(5n)
    await rpc(ticking, 'anvil_setIntervalMining', [0])
    await rpc(ticking, 'evm_mine')
    for (const [name, url] of [
      ['dev', dev],
      ['ticking', ticking],
    ] as const) {
      const number = BigInt(await rpc<Hex>(url, 'eth_blockNumber'))
      served[name] = []
      for (let n = 0n; n <= number; n++) served[name].push((await rpc(url, 'eth_getBlockByNumber', [hex(n), false])).hash)
    }
    expect(served.ticking!.length).toBeGreaterThan(6)
    expect((await rpc(dev, 'sim_network')).reorgs).toBeGreaterThan(2)
  } finally {
    await server.close()
  }

  const text = await readFile(file, 'utf8')
  expect(text).toMatch(/^- rpc:\n {4}method: sim_reorg/m)
  expect(text).toMatch(/- timestamps:/)
  expect(text).toMatch(/- mine: \d+\n {2}network: ticking/)
  expect(text).not.toMatch(/evm_setIntervalMining|anvil_setIntervalMining/)
  const played = await playScenario(file)
  try {
    expect(played.report.ok, formatReport(played.report)).toBe(true)
    for (const [name, hashes] of Object.entries(served)) {
      const node = played.nodes[name]!
      expect(node.head.number).toBe(BigInt(hashes.length - 1))
      expect(hashes.map((_, n) => node.chain.blockByNumber(BigInt(n))?.hashKey)).toEqual(hashes)
    }
  } finally {
    await played.close()
  }
}, 60_000)

test('a forked network is recorded at the block it forked at, and plays to the same hashes', async () => {
  const upstream = await startServer(parseConfig({ networks: [{ name: 'upstream', chainId: 1337 }] }), { port: 0 })
  const upstreamUrl = `${upstream.networks[0]!.httpUrl}/v3/k`
  const file = join(dir, 'forked.yaml')
  const hashes: string[] = []
  try {
    await deployTokenViaRpc(upstreamUrl)
    // Forked at `latest` (no blockNumber): the recording names the block.
    const config = parseConfig({ networks: [{ name: 'fork', fork: { url: upstreamUrl, cacheDir: join(dir, 'cache') } }] })
    const server = await startServer(config, { port: 0, record: new ScenarioRecorder(file, config.networks) })
    const url = `${server.networks[0]!.httpUrl}/v3/k`
    try {
      await rpc(url, 'eth_sendTransaction', [{ from: devAccount(0).address, to: devAccount(1).address, value: '0x10' }])
      await rpc(url, 'anvil_setBalance', [devAccount(2).address, '0x1000'])
      await rpc(url, 'sim_reorg', [{ depth: 1 }])
      // The upstream moves on; the recording still forks where the served network did.
      await rpc(upstreamUrl, 'evm_mine')
      const head = BigInt(await rpc<Hex>(url, 'eth_blockNumber'))
      for (let n = 1n; n <= head; n++) hashes.push((await rpc(url, 'eth_getBlockByNumber', [hex(n), false])).hash)
    } finally {
      await server.close()
    }
    expect(await readFile(file, 'utf8')).toMatch(/fork:\n\s+url: .*\n(\s+\w+: .*\n)*\s+blockNumber: 1\n/)
    const played = await playScenario(file)
    try {
      expect(played.report.ok, formatReport(played.report)).toBe(true)
      expect(hashes.map((_, i) => played.node.chain.blockByNumber(BigInt(i + 1))?.hashKey)).toEqual(hashes)
    } finally {
      await played.close()
    }
  } finally {
    await upstream.close()
  }
}, 60_000)

test('anvil_mine failing half way on a fork (its upstream failed) is recorded as the blocks it mined, and plays to the same head', async () => {
  const upstream = await startServer(parseConfig({ networks: [{ name: 'upstream', chainId: 1337 }] }), { port: 0 })
  const upstreamUrl = `${upstream.networks[0]!.httpUrl}/v3/k`
  // Three recipients the upstream has never seen: each is first read from it by the block that pays it.
  const recipients = ['0x00000000000000000000000000000000000a0001', '0x00000000000000000000000000000000000a0002', '0x00000000000000000000000000000000000a0003']
  // The upstream fails every read of the second recipient while `failing` holds: the second block cannot be built.
  let failing = false
  const proxy = createServer(async (request, response) => {
    let body = ''
    for await (const chunk of request) body += chunk
    if (failing && body.toLowerCase().includes(recipients[1]!.slice(2))) {
      response.writeHead(503).end('upstream unavailable')
      return
    }
    const answer = await fetch(upstreamUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
    response.writeHead(answer.status, { 'content-type': 'application/json' }).end(await answer.text())
  })
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve))
  const proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/`
  const file = join(dir, 'partial.yaml')
  let head: { number: string; hash: string }
  try {
    const config = parseConfig({ networks: [{ name: 'fork', fork: { url: proxyUrl, cacheDir: join(dir, 'partial-cache'), deadlineMs: 1_000 } }] })
    const server = await startServer(config, { port: 0, record: new ScenarioRecorder(file, config.networks) })
    const url = `${server.networks[0]!.httpUrl}/v3/k`
    try {
      await rpc(url, 'evm_setAutomine', [false])
      // Room for one transfer a block: the three transfers need three blocks.
      await rpc(url, 'evm_setBlockGasLimit', [hex(30_000)])
      for (const to of recipients) await rpc(url, 'eth_sendTransaction', [{ from: devAccount(0).address, to, value: '0x1', gas: hex(21_000) }])
      const before = BigInt(await rpc<Hex>(url, 'eth_blockNumber'))
      failing = true
      await expect(rpc(url, 'anvil_mine', [3])).rejects.toThrow()
      failing = false
      head = await rpc(url, 'eth_getBlockByNumber', ['latest', false])
      expect(BigInt(head.number)).toBe(before + 1n)
    } finally {
      await server.close()
    }
    const played = await playScenario(file)
    try {
      expect(played.report.ok, formatReport(played.report)).toBe(true)
      expect(played.node.head.hashKey).toBe(head.hash)
    } finally {
      await played.close()
    }
  } finally {
    await new Promise((resolve) => proxy.close(resolve))
    await upstream.close()
  }
}, 60_000)
