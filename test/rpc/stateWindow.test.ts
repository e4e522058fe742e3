import { describe, expect } from 'vitest'
import { devAccount, hex, send, type DevServer } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTestWith } from '../helpers/rpcTest.ts'

// A served network that keeps the states of its newest WINDOW blocks, held over HTTP to what the state
// methods promise: everything older is -32000 naming the block and the window, everything within works.
const WINDOW = 4
const test = rpcTestWith([{ name: 'dev', history: { stateBlocks: WINDOW } }])
let server: DevServer
let url: string
test.beforeAll(async ({ server: started }) => {
  server = started
  url = server.url
})

const alice = devAccount(0).address
const bob = devAccount(1).address
const refusedAt = (block: number) => ({
  code: -32000,
  message: expect.stringMatching(new RegExp(`^missing trie node: the state of block ${block} .*newest ${WINDOW} blocks`)),
})

/** A fresh chain with `count` blocks of one transfer each; the hashes of their transactions, by block number. */
async function transfers(count: number): Promise<string[]> {
  await rpc(url, 'anvil_reset')
  const hashes = ['']
  for (let i = 0; i < count; i++) hashes.push(await send(url, { from: alice, to: bob, value: hex(1) }))
  return hashes
}

describe('beyond the state window', () => {
  test('debug_trace* of a block whose parent state is gone says which block; one within the window traces', async () => {
    const hashes = await transfers(10)
    expect(await rpcError(url, 'debug_traceTransaction', [hashes[3], { tracer: 'callTracer' }])).toMatchObject(refusedAt(2))
    expect(await rpcError(url, 'debug_traceBlockByNumber', ['0x3', { tracer: 'callTracer' }])).toMatchObject(refusedAt(2))
    const traced = await rpc(url, 'debug_traceTransaction', [hashes[10], { tracer: 'callTracer' }])
    expect(traced).toMatchObject({ type: 'CALL', to: bob.toLowerCase(), value: '0x1' })
    expect(await rpc(url, 'debug_traceBlockByNumber', ['0x9', { tracer: 'callTracer' }])).toHaveLength(1)
  })

  test('eth_call, eth_estimateGas, eth_createAccessList and eth_simulateV1 at an older block are refused; at latest they run', async () => {
    await transfers(8)
    const call = { from: alice, to: bob, value: '0x1' }
    for (const [method, params] of [
      ['eth_call', [call, '0x2']],
      ['eth_estimateGas', [call, '0x2']],
      ['eth_createAccessList', [call, '0x2']],
      ['eth_simulateV1', [{ blockStateCalls: [{ calls: [call] }] }, '0x2']],
    ] as const) {
      expect(await rpcError(url, method, [...params]), method).toMatchObject(refusedAt(2))
      await expect(rpc(url, method, [params[0], 'latest']), method).resolves.toBeDefined()
    }
  })

  test('evm_snapshot pins its state past the window until it is reverted to; then the window lets it go', async () => {
    await transfers(2)
    const snapshot = await rpc(url, 'evm_snapshot')
    const pinned = await rpc(url, 'eth_getBalance', [bob, '0x2'])
    for (let i = 0; i < 8; i++) await send(url, { from: alice, to: bob, value: hex(1) })
    expect(await rpc(url, 'eth_getBalance', [bob, '0x2'])).toBe(pinned)
    expect(await rpcError(url, 'eth_getBalance', [bob, '0x3'])).toMatchObject(refusedAt(3))
    expect(await rpc(url, 'evm_revert', [snapshot])).toBe(true)
    expect(await rpc(url, 'eth_blockNumber')).toBe('0x2')
    expect(await rpc(url, 'eth_getBalance', [bob, 'latest'])).toBe(pinned)
    for (let i = 0; i < 8; i++) await send(url, { from: alice, to: bob, value: hex(1) })
    expect(await rpcError(url, 'eth_getBalance', [bob, '0x2'])).toMatchObject(refusedAt(2))
  })

  test('a reorg or rollback deeper than the window is refused, forced or not, and the chain is unchanged', async () => {
    await transfers(8)
    const head = await rpc(url, 'eth_getBlockByNumber', ['latest', false])
    for (const [method, params] of [
      ['anvil_reorg', [WINDOW, []]],
      ['anvil_rollback', [WINDOW]],
      ['sim_reorg', [{ depth: WINDOW, force: true }]],
    ] as const) {
      const error = await rpcError(url, method, [...params])
      expect(error.message, method).toMatch(/no longer kept/)
    }
    expect(await rpc(url, 'eth_getBlockByNumber', ['latest', false])).toEqual(head)
    await expect(rpc(url, 'anvil_reorg', [WINDOW - 1, []])).resolves.toBeNull()
  })

  test('anvil_dumpState then anvil_loadState rebuilds the chain under the same window', async () => {
    await transfers(8)
    const dump = await rpc(url, 'anvil_dumpState')
    const balance = await rpc(url, 'eth_getBalance', [bob, 'latest'])
    await send(url, { from: alice, to: bob, value: hex(1) })
    expect(await rpc(url, 'anvil_loadState', [dump])).toBe(true)
    expect(await rpc(url, 'eth_blockNumber')).toBe('0x8')
    expect(await rpc(url, 'eth_getBalance', [bob, 'latest'])).toBe(balance)
    expect(await rpcError(url, 'eth_getBalance', [bob, '0x2'])).toMatchObject(refusedAt(2))
    await expect(rpc(url, 'anvil_reorg', [WINDOW - 1, []])).resolves.toBeNull()
  })

  test('anvil_reset keeps the configured window: the new chain lets old states go as the first did', async () => {
    await transfers(6)
    expect(await rpcError(url, 'eth_getBalance', [bob, '0x1'])).toMatchObject(refusedAt(1))
    expect(await rpc(url, 'eth_getBalance', [bob, '0x0'])).toMatch(/^0x/)
  })
})
