import { createPublicClient, createTestClient, createWalletClient, http, parseEther, rpcSchema } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { describe, expect, test as base } from 'vitest'
import { CheckpointLost, chainsimFixtures, startChainsim, type ChainsimFixtureContext, type ChainsimRpcSchema } from '../../src/testing/index.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'

// Tests of one file run in order: each `snapshot` test starts from the chain the fixture made, whatever the
// test before it left behind.
const test = base.extend<ChainsimFixtureContext>(chainsimFixtures())
const freshTest = base.extend<ChainsimFixtureContext>(chainsimFixtures({ isolation: 'fresh', networks: [{ chainId: 1337, mining: { auto: false } }] }))
const faulty = base.extend<ChainsimFixtureContext>(
  chainsimFixtures({
    networks: [
      {
        faults: [
          { method: 'eth_gasPrice', count: 3, error: { code: -32005, message: 'limited' } },
          { kind: 'lag', blocks: 2 },
        ],
      },
    ],
  }),
)

describe('isolation: snapshot', () => {
  const seen: Array<{ port: string; head: bigint }> = []

  test('a test mines, pays, turns automine off, arms a fault and leaves a filter', async ({ chainsim }) => {
    const client = createPublicClient({ chain: foundry, transport: http(chainsim.url), cacheTime: 0 })
    seen.push({ port: new URL(chainsim.url).port, head: await client.getBlockNumber() })
    const wallet = createWalletClient({ chain: foundry, transport: http(chainsim.url), account: privateKeyToAccount(chainsim.accounts[0]!.privateKey) })
    await wallet.sendTransaction({ to: chainsim.accounts[1]!.address, value: parseEther('1') })
    await createTestClient({ chain: foundry, mode: 'anvil', transport: http(chainsim.url) }).mine({ blocks: 3 })
    await rpc(chainsim.url, 'evm_setAutomine', [false])
    chainsim.faults.arm({ method: 'eth_chainId', error: { code: -32005, message: 'limited' } })
    await rpc(chainsim.url, 'eth_newBlockFilter')
    expect(await client.getBlockNumber()).toBe(4n)
  })

  test('the next test finds the chain as the fixture made it, on the same server', async ({ chainsim }) => {
    const client = createPublicClient({ chain: foundry, transport: http(chainsim.url), cacheTime: 0 })
    seen.push({ port: new URL(chainsim.url).port, head: await client.getBlockNumber() })
    expect(seen[1]).toEqual(seen[0])
    expect(seen[1]!.head).toBe(0n)
    expect(await client.getBalance({ address: chainsim.accounts[1]!.address })).toBe(parseEther('10000'))
    expect(chainsim.node.settings.mining).toEqual({ automine: true, intervalMs: undefined })
    expect(await rpc(chainsim.url, 'eth_chainId')).toBe('0x7a69')
    expect(chainsim.faults.pending()).toBe(0)
  })

  test('restoring a checkpoint that a test reverted past fails, naming why', async () => {
    const chainsim = await startChainsim()
    try {
      const earlier = await rpc<string>(chainsim.url, 'evm_snapshot')
      const restore = await chainsim.checkpoint()
      expect(await rpc(chainsim.url, 'evm_revert', [earlier])).toBe(true)
      await expect(restore()).rejects.toThrow(new CheckpointLost('dev'))
    } finally {
      await chainsim.close()
    }
  })
})

describe('isolation: snapshot, with faults in the config', () => {
  faulty("a test spends one of a configured fault's calls and arms another fault", async ({ chainsim }) => {
    expect(await rpcError(chainsim.url, 'eth_gasPrice')).toMatchObject({ code: -32005 })
    const client = createPublicClient({ transport: http(chainsim.url), rpcSchema: rpcSchema<ChainsimRpcSchema>() })
    expect(await client.request({ method: 'sim_fault', params: [{ method: 'eth_chainId', error: { code: -32005, message: 'limited' } }] })).toBe(true)
    expect(chainsim.faults.list()).toHaveLength(3)
  })

  faulty("the next test finds the configured faults as the checkpoint saw them, and not the test's", async ({ chainsim }) => {
    expect(chainsim.faults.list()).toEqual([
      { method: 'eth_gasPrice', count: 3, error: { code: -32005, message: 'limited' }, left: 3 },
      { kind: 'lag', blocks: 2 },
    ])
    expect(await rpc(chainsim.url, 'eth_chainId')).toBe('0x7a69')
  })
})

describe('isolation: fresh', () => {
  const ports: string[] = []

  freshTest('each test gets its own chainsim, configured as asked', async ({ chainsim }) => {
    ports.push(new URL(chainsim.url).port)
    expect(await rpc(chainsim.url, 'eth_chainId')).toBe('0x539')
    await rpc(chainsim.url, 'evm_mine')
  })

  freshTest('…on another port, from genesis', async ({ chainsim }) => {
    ports.push(new URL(chainsim.url).port)
    expect(ports[1]).not.toBe(ports[0])
    expect(await rpc(chainsim.url, 'eth_blockNumber')).toBe('0x0')
    expect(await rpcError(chainsim.url, 'eth_subscribe', ['newHeads'])).toMatchObject({ code: -32601 })
  })
})
