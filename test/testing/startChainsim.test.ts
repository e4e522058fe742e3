import { createPublicClient, hexToString, http, webSocket } from 'viem'
import { describe, expect, test } from 'vitest'
import { StartChainsimError, startChainsim } from '../../src/testing/index.ts'
import { rpc, rpcRaw } from '../helpers/rpcClient.ts'

const EXAMPLE = new URL('../../scenarios/reorg-moves-transfer.yaml', import.meta.url).pathname

describe('startChainsim', () => {
  test('serves the configured networks on free ports, over HTTP and WebSocket, until closed', async () => {
    const chainsim = await startChainsim({ networks: [{}, { name: 'l2', chainId: 10, mining: { auto: false } }] })
    try {
      expect(Object.keys(chainsim.networks)).toEqual(['dev', 'l2'])
      const { dev, l2 } = chainsim.networks
      expect(chainsim.url).toBe(dev!.url)
      expect(new URL(dev!.url).port).not.toBe(new URL(l2!.url).port)
      expect(await rpc(l2!.url, 'eth_chainId')).toBe('0xa')
      const ws = createPublicClient({ transport: webSocket(dev!.wsUrl, { reconnect: false }) })
      expect(await ws.getChainId()).toBe(31337)
      ;(await ws.transport.getRpcClient()).close()
      expect(l2!.node.settings.mining.automine).toBe(false)
      expect(chainsim.accounts[0]).toEqual({
        address: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266',
        privateKey: '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
      })
      // What a globalSetup hands its workers: plain JSON, the same addresses.
      expect(JSON.parse(JSON.stringify(chainsim.info))).toEqual({
        url: dev!.url,
        wsUrl: dev!.wsUrl,
        chainId: 31337,
        networks: { dev: { url: dev!.url, wsUrl: dev!.wsUrl, chainId: 31337 }, l2: { url: l2!.url, wsUrl: l2!.wsUrl, chainId: 10 } },
        accounts: chainsim.accounts,
      })
    } finally {
      await chainsim.close()
    }
    await expect(fetch(chainsim.url, { method: 'POST' })).rejects.toThrow()
  })

  test('as many as test workers start at once, each on its own ports', async () => {
    const started = await Promise.all(Array.from({ length: 6 }, () => startChainsim()))
    try {
      expect(new Set(started.map((c) => new URL(c.url).port)).size).toBe(6)
      const heads = await Promise.all(started.map((c, i) => rpc(c.url, 'anvil_mine', [i]).then(() => rpc(c.url, 'eth_blockNumber'))))
      expect(heads).toEqual(['0x0', '0x1', '0x2', '0x3', '0x4', '0x5'])
    } finally {
      await Promise.all(started.map((c) => c.close()))
    }
  })

  test('the URLs carry the first configured API key; other keys are refused', async () => {
    const chainsim = await startChainsim({ config: { apiKeys: ['ci-key', 'other'] } })
    try {
      expect(chainsim.url).toMatch(/\/v3\/ci-key$/)
      expect(await rpc(chainsim.url, 'eth_chainId')).toBe('0x7a69')
      const refused = await fetch(chainsim.url.replace('ci-key', 'wrong'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })
      expect(refused.status).toBe(401)
    } finally {
      await chainsim.close()
    }
  })

  test('nodeOptions reach every node (a filter clock the test moves)', async () => {
    let now = 0
    const chainsim = await startChainsim({ networks: [{ filterTimeoutMs: 1_000 }], nodeOptions: { filterClock: () => now } })
    try {
      const id = await rpc<string>(chainsim.url, 'eth_newBlockFilter')
      now += 1_001
      expect((await rpcRaw(chainsim.url, 'eth_getFilterChanges', [id])).error).toMatchObject({ code: -32000, message: 'filter not found' })
    } finally {
      await chainsim.close()
    }
  })

  test('printTransactions: each mined transaction and its block, as chainsim serve prints them; nothing without it', async () => {
    const printed: string[] = []
    const chainsim = await startChainsim({ printTransactions: (line) => printed.push(line) })
    const quiet = await startChainsim()
    try {
      const [alice, bob] = chainsim.accounts
      const hash = await rpc<string>(chainsim.url, 'eth_sendTransaction', [{ from: alice!.address, to: bob!.address, value: '0x1' }])
      expect(printed.slice(0, 4)).toEqual(['', `    Transaction: ${hash}`, '    Gas used: 21000', ''])
      expect(printed[4]).toBe('    Block Number: 1')
      expect(quiet.node.console.capturing).toBe(false)
    } finally {
      await Promise.all([chainsim.close(), quiet.close()])
    }
  })

  test('a scenario: its played chain is served', async () => {
    const chainsim = await startChainsim({ scenario: EXAMPLE })
    try {
      const client = createPublicClient({ transport: http(chainsim.url) })
      // The scenario deployed, paid in block 2, then replaced block 2 with a two-block branch.
      expect(await client.getBlockNumber()).toBe(3n)
      expect(hexToString((await client.getBlock({ blockNumber: 3n })).extraData)).toMatch(/^chainsim reorg/)
    } finally {
      await chainsim.close()
    }
  })

  test('a failing scenario is refused with its report; a scenario with networks too is refused', async () => {
    const failing = { name: 'wrong head', steps: [{ mine: 2 }, { rpc: 'eth_blockNumber', expect: { equal: 3 } }] }
    const error = await startChainsim({ scenario: failing }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(StartChainsimError)
    expect((error as Error).message).toMatch(/the scenario failed:\n✗ .*wrong head[\s\S]*✗ 2\. rpc eth_blockNumber/)
    await expect(startChainsim({ scenario: failing, networks: [{}] })).rejects.toThrow(/a scenario brings its own networks/)
  })

  test('invalid options are refused by name', async () => {
    await expect(startChainsim({ networks: [{ chainId: -1 }] })).rejects.toThrow(/startChainsim options is invalid:\n {2}- networks\.0\.chainId/)
  })
})
