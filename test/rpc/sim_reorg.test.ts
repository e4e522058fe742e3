import { keccak256, parseGwei, type Hex } from 'viem'
import { describe, expect } from 'vitest'
import { devAccount, hex, receiptOf, send, signRaw, type DevServer } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTestWith } from '../helpers/rpcTest.ts'

const test = rpcTestWith([{}, { name: 'final', finality: { safeDepth: 1, finalizedDepth: 2 } }])
let server: DevServer
let url: string
let final: string
test.beforeAll(async ({ server: started }) => {
  server = started
  url = server.url
  final = server.networks['final']!.url
  await Promise.all([rpc(url, 'anvil_mine', ['0x4']), rpc(final, 'anvil_mine', ['0x6'])])
})

const [a0, a1] = [devAccount(0).address, devAccount(1).address]
const block = (tag: Hex | 'latest', full = false) => rpc(url, 'eth_getBlockByNumber', [tag, full])
const head = async () => BigInt(await rpc<Hex>(url, 'eth_blockNumber'))
const hashesOf = async (from: bigint, to: bigint) => {
  const hashes: Hex[] = []
  for (let n = from; n <= to; n++) hashes.push((await block(hex(n))).hash)
  return hashes
}

describe('valid params', () => {
  test('its answer is the chain as read before and after: the ancestor, the removed blocks, the canonical new ones', async () => {
    const top = await head()
    const ancestor = await block(hex(top - 2n))
    const removed = await hashesOf(top - 1n, top)
    const answer = await rpc(url, 'sim_reorg', [{ depth: 2 }])
    expect(answer.commonAncestor).toEqual({ number: hex(top - 2n), hash: ancestor.hash })
    expect(answer.removedBlocks).toEqual(removed)
    // Default length: depth + 1.
    expect(await head()).toBe(top + 1n)
    expect(answer.addedBlocks).toEqual(await hashesOf(top - 1n, top + 1n))
    expect((await block(hex(top - 1n))).parentHash).toBe(ancestor.hash)
    // The orphaned blocks are still known by hash.
    expect((await rpc(url, 'eth_getBlockByHash', [removed[0], false])).hash).toBe(removed[0])
  })

  test('reinclude "all" re-mines the orphaned transactions with their logs counted; "none" returns them to the pool', async () => {
    const kept = await send(url, { from: a0, to: a1, value: '0x1' })
    const all = await rpc(url, 'sim_reorg', [{ depth: 1 }])
    const remined = await receiptOf(url, kept)
    expect(all.addedBlocks).toContain(remined.blockHash)
    const pooled = await send(url, { from: a0, to: a1, value: '0x2' })
    const none = await rpc(url, 'sim_reorg', [{ depth: 1, reinclude: 'none' }])
    expect(none.addedBlocks).toHaveLength(2)
    expect(await rpc(url, 'eth_getTransactionReceipt', [pooled])).toBeNull()
    expect(await rpc(url, 'eth_getTransactionByHash', [pooled])).toMatchObject({ hash: pooled, blockHash: null })
    // Back in the pool, the next block mines it (automine mines what a send brings, and what waits).
    await rpc(url, 'evm_mine')
    expect((await receiptOf(url, pooled)).status).toBe('0x1')
  })

  test('length sets the new branch; drop discards a transaction; add puts a signed one first in the first new block', async () => {
    const dropped = await send(url, { from: a0, to: a1, value: '0x3' })
    const raw = await signRaw(url, 2, {
      chainId: 31337,
      type: 'eip1559',
      to: a1,
      value: 4n,
      gas: 21_000n,
      maxFeePerGas: parseGwei('100'),
      maxPriorityFeePerGas: parseGwei('1'),
    })
    const top = await head()
    const answer = await rpc(url, 'sim_reorg', [{ depth: 1, length: 1, drop: [dropped], add: [raw] }])
    expect(answer.addedBlocks).toHaveLength(1)
    expect(await head()).toBe(top)
    expect(await rpc(url, 'eth_getTransactionByHash', [dropped])).toBeNull()
    const added = await receiptOf(url, keccak256(raw))
    expect(added).toMatchObject({ blockHash: answer.addedBlocks[0], transactionIndex: '0x0', status: '0x1' })
  })
})

describe('invalid params', () => {
  test('past finalized → -32602 naming finalized and force, nothing changed; accepted with force', async () => {
    const tip = (await rpc(final, 'eth_getBlockByNumber', ['latest', false])).hash
    const refused = await rpcError(final, 'sim_reorg', [{ depth: 3 }])
    expect(refused.code).toBe(-32602)
    expect(refused.message).toMatch(/finalized/)
    expect(refused.message).toMatch(/force/)
    expect((await rpc(final, 'eth_getBlockByNumber', ['latest', false])).hash).toBe(tip)
    expect((await rpc(final, 'sim_reorg', [{ depth: 3, force: true }])).removedBlocks).toHaveLength(3)
  })

  const cases: Array<[string, unknown[], RegExp]> = [
    ['no options → -32602', [], /missing value for required argument 0/],
    ['options that are not an object → -32602', [1], /expected reorg options object/],
    ['depth 0 → -32602', [{ depth: 0 }], /invalid argument 0/],
    ['an unknown key → -32602', [{ depth: 1, deep: true }], /invalid argument 0/],
    ['reinclude "maybe" → -32602', [{ depth: 1, reinclude: 'maybe' }], /reinclude must be "all" or "none"/],
    ['drop not hashes → -32602', [{ depth: 1, drop: ['0x1234'] }], /invalid argument 0/],
    ['add not hex → -32602', [{ depth: 1, add: ['not hex'] }], /invalid argument 0/],
  ]
  for (const [name, params, message] of cases) {
    test(name, async () => {
      const tip = (await block('latest')).hash
      const error = await rpcError(url, 'sim_reorg', params)
      expect(error.code).toBe(-32602)
      expect(error.message).toMatch(message)
      expect((await block('latest')).hash).toBe(tip)
    })
  }
})
