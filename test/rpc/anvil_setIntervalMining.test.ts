import { afterAll, beforeAll, describe, expect, vi } from 'vitest'
import { hasAnvil, startAnvil, type AnvilProcess } from '../helpers/anvil.ts'
import type { DevServer } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTestWith } from '../helpers/rpcTest.ts'

const test = rpcTestWith([{ mining: { auto: false } }, { name: 'automine' }])
let server: DevServer
let url: string
let automine: string
test.beforeAll(async ({ server: started }) => {
  server = started
  url = server.url
  automine = server.networks['automine']!.url
})

const DEV = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'
const head = async () => BigInt(await rpc(url, 'eth_blockNumber'))

describe('valid params', () => {
  test("an interval in seconds (Anvil's unit) → null; blocks then come by themselves", async () => {
    expect(await rpc(url, 'anvil_setIntervalMining', [1])).toBeNull()
    const start = await head()
    await vi.waitFor(async () => expect(await head()).toBeGreaterThanOrEqual(start + 1n), { timeout: 5_000, interval: 50 })
    // One second apart: a millisecond reading of the 1 would have mined hundreds meanwhile.
    expect(await head()).toBeLessThan(start + 10n)
  })

  test('0 stops it (hex accepted); blocks then come only from evm_mine', async () => {
    expect(await rpc(url, 'anvil_setIntervalMining', ['0x0'])).toBeNull()
    expect(await rpc(url, 'anvil_getAutomine')).toBe(false)
    const stopped = await head()
    await rpc(url, 'evm_mine')
    expect(await head()).toBe(stopped + 1n)
  })

  test('as on Anvil, whose mining modes exclude each other, it turns automine off: 0 leaves no mining at all', async () => {
    expect(await rpc(automine, 'anvil_getAutomine')).toBe(true)
    expect(await rpc(automine, 'anvil_setIntervalMining', [0])).toBeNull()
    expect(await rpc(automine, 'anvil_getAutomine')).toBe(false)
    const hash = await rpc(automine, 'eth_sendTransaction', [{ from: DEV, to: DEV, value: '0x1' }])
    expect(await rpc(automine, 'eth_getTransactionReceipt', [hash])).toBeNull()
    await rpc(automine, 'evm_setAutomine', [true])
    expect(await rpc(automine, 'eth_getTransactionReceipt', [hash])).not.toBeNull()
  })
})

describe('one write', () => {
  test('automine off and the interval set are one write: nothing runs between them', async () => {
    const node = server.networks['automine']!.node
    await rpc(automine, 'evm_setAutomine', [true])
    let writes = 0
    node.observeWrites({ started: () => writes++, ended: () => undefined })
    try {
      await rpc(automine, 'anvil_setIntervalMining', [1000])
    } finally {
      node.observeWrites(undefined)
    }
    expect(writes).toBe(1)
    expect(node.settings.mining).toEqual({ automine: false, intervalMs: 1_000_000 })
    await rpc(automine, 'anvil_setIntervalMining', [0])
  })
})

describe('as Anvil answers it', () => {
  let anvil: AnvilProcess | undefined
  beforeAll(async () => {
    if (hasAnvil) anvil = await startAnvil()
  }, 60_000)
  afterAll(async () => {
    await anvil?.close()
  })

  // Both until their first interval block: with seconds read as seconds that is one block, where a reading in
  // milliseconds would have mined many by the time the poll sees them.
  const blocksIn = async (target: string, method: string, params: unknown[]) => {
    await rpc(target, 'evm_setAutomine', [false])
    const start = BigInt(await rpc(target, 'eth_blockNumber'))
    const answer = await rpc(target, method, params)
    const minedSince = async () => BigInt(await rpc(target, 'eth_blockNumber')) - start
    await vi.waitFor(async () => expect(await minedSince()).toBeGreaterThanOrEqual(1n), { timeout: 5_000, interval: 50 })
    const mined = await minedSince()
    const automineAfter = await rpc(target, 'anvil_getAutomine')
    await rpc(target, method, [0])
    return { answer, automineAfter, fewBlocks: mined >= 1n && mined <= 2n }
  }

  test.skipIf(!hasAnvil)('anvil_setIntervalMining [1]: one block a second, automine off, answered null', async () => {
    const ours = await blocksIn(automine, 'anvil_setIntervalMining', [1])
    const theirs = await blocksIn(anvil!.url, 'anvil_setIntervalMining', [1])
    expect(ours).toEqual(theirs)
    expect(ours).toEqual({ answer: null, automineAfter: false, fewBlocks: true })
    await rpc(automine, 'evm_setAutomine', [true])
  })
})

describe('invalid params', () => {
  const cases: Array<[string, unknown[], RegExp]> = [
    ['longer than a timer keeps → -32602', [3_000_000], /invalid argument 0: interval must be at most 2147483 seconds/],
    ['a negative number → -32602', [-1], /invalid argument 0/],
    ['no interval → -32602', [], /missing value for required argument 0/],
  ]
  for (const [name, params, message] of cases) {
    test(name, async () => {
      const error = await rpcError(url, 'anvil_setIntervalMining', params)
      expect(error.code).toBe(-32602)
      expect(error.message).toMatch(message)
    })
  }
})
