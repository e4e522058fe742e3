import { describe, expect } from 'vitest'
import { hex } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTestWith } from '../helpers/rpcTest.ts'
import { expectEach } from '../helpers/expectEach.ts'

const test = rpcTestWith([{ mining: { auto: false }, finality: { safeDepth: 2, finalizedDepth: 4 } }])

type Tree = {
  head: { number: string; hash: string }
  top: string
  safe: { number: string }
  finalized: { number: string }
  fromBlock: string
  toBlock: string
  blocks: Array<{ number: string; hash: string; parentHash: string; canonical: boolean; transactions: number; extraData: string }>
  reorgs: Array<{ id: number; method: string; depth: number; commonAncestor: { number: string; hash: string }; removedBlocks: string[]; addedBlocks: string[] }>
}

describe('valid params', () => {
  test("every height of a range: its canonical block is eth_getBlockByNumber's, orphaned ones are known by hash", async ({ server }) => {
    await rpc(server.url, 'anvil_mine', [8])
    const outcome = await rpc(server.url, 'sim_reorg', [{ depth: 2 }])
    const tree = await rpc<Tree>(server.url, 'sim_forkTree', [{ fromBlock: 0, toBlock: '0x20' }])
    expect(tree.toBlock).toBe(tree.head.number)
    expect(tree.top).toBe(tree.head.number)
    for (const block of tree.blocks) {
      const byHash = await rpc(server.url, 'eth_getBlockByHash', [block.hash, false])
      expect(byHash.parentHash).toBe(block.parentHash)
      if (block.canonical) expect((await rpc(server.url, 'eth_getBlockByNumber', [block.number, false])).hash).toBe(block.hash)
    }
    const orphaned = tree.blocks.filter((b) => !b.canonical).map((b) => b.hash)
    expect(orphaned.sort()).toEqual([...outcome.removedBlocks].sort())
    expect(new Set(tree.blocks.map((b) => b.number)).size).toBe(Number(tree.head.number) + 1)
    // Newest height first.
    expect(tree.blocks[0]!.hash).toBe(tree.head.hash)
  })

  test('each reorg is annotated with the method that made it, its depth and both branches', async ({ server }) => {
    const before = await rpc<Tree>(server.url, 'sim_forkTree')
    const known = new Set(before.reorgs.map((r) => r.id))
    const reorg = await rpc(server.url, 'sim_reorg', [{ depth: 1, length: 2 }])
    await rpc(server.url, 'anvil_rollback', [1])
    const snapshot = await rpc(server.url, 'evm_snapshot')
    await rpc(server.url, 'anvil_mine', [2])
    await rpc(server.url, 'evm_revert', [snapshot])
    const tree = await rpc<Tree>(server.url, 'sim_forkTree')
    const fresh = tree.reorgs.filter((r) => !known.has(r.id))
    expect(fresh.map((r) => r.method)).toEqual(['evm_revert', 'anvil_rollback', 'sim_reorg'])
    const [revert, rollback, simReorg] = fresh
    expect(simReorg).toMatchObject({ depth: 1, commonAncestor: reorg.commonAncestor, removedBlocks: reorg.removedBlocks, addedBlocks: reorg.addedBlocks })
    expect(rollback).toMatchObject({ depth: 1, addedBlocks: [] })
    expect(revert!.depth).toBe(2)
    // The blocks a revert removed stand above the head, and the tree reaches them.
    expect(BigInt(tree.top)).toBe(BigInt(tree.head.number) + 2n)
    const aboveHead = tree.blocks.filter((b) => BigInt(b.number) > BigInt(tree.head.number))
    expectEach(aboveHead, (block, label) => expect(block.canonical, label).toBe(false))
  })

  test('no range: the newest 100 heights; tags as eth_getBlockByNumber has them', async ({ server }) => {
    await rpc(server.url, 'anvil_mine', [120])
    const tree = await rpc<Tree>(server.url, 'sim_forkTree')
    expect(BigInt(tree.toBlock) - BigInt(tree.fromBlock)).toBe(99n)
    expect(tree.toBlock).toBe(tree.head.number)
    expect(tree.safe.number).toBe((await rpc(server.url, 'eth_getBlockByNumber', ['safe', false])).number)
    expect(tree.finalized.number).toBe((await rpc(server.url, 'eth_getBlockByNumber', ['finalized', false])).number)
  })

  test('a range past the head stops at the head; one wholly past it is empty', async ({ server }) => {
    const head = BigInt(await rpc(server.url, 'eth_blockNumber'))
    const past = await rpc<Tree>(server.url, 'sim_forkTree', [{ fromBlock: hex(head - 1n), toBlock: hex(head + 500n) }])
    expect(past.blocks.map((b) => b.number)).toEqual([hex(head), hex(head - 1n)])
    expect((await rpc<Tree>(server.url, 'sim_forkTree', [{ fromBlock: hex(head + 1n) }])).blocks).toEqual([])
  })

  test("a chain replaced by anvil_reset or anvil_loadState: the new chain's blocks, and no reorg of the old one", async ({ server }) => {
    await rpc(server.url, 'anvil_reset')
    await rpc(server.url, 'anvil_mine', [3])
    const reorg = await rpc(server.url, 'sim_reorg', [{ depth: 1 }])
    const dump = await rpc(server.url, 'anvil_dumpState')
    const dumped = await rpc<Tree>(server.url, 'sim_forkTree')
    const reorgs = (await rpc(server.url, 'sim_network')).reorgs
    await rpc(server.url, 'anvil_mine', [2])
    await rpc(server.url, 'sim_reorg', [{ depth: 2 }])
    await rpc(server.url, 'anvil_reset')
    const reset = await rpc<Tree>(server.url, 'sim_forkTree')
    const genesis = await rpc(server.url, 'eth_getBlockByNumber', ['0x0', false])
    expect(reset).toMatchObject({ top: '0x0', head: { number: '0x0', hash: genesis.hash }, reorgs: [] })
    expect(reset.blocks.map((b) => [b.hash, b.canonical])).toEqual([[genesis.hash, true]])
    // The count goes on: it is this network's history, not the chain's.
    expect((await rpc(server.url, 'sim_network')).reorgs).toBe(reorgs + 1)
    // A dump holds every branch: the orphaned block comes back with its chain; the reorg that made it does not.
    await rpc(server.url, 'anvil_loadState', [dump])
    const loaded = await rpc<Tree>(server.url, 'sim_forkTree')
    expect(loaded.reorgs).toEqual([])
    expect(loaded.blocks).toEqual(dumped.blocks)
    expect(loaded.blocks.find((b) => b.hash === reorg.removedBlocks[0])?.canonical).toBe(false)
  })
})

describe('invalid params', () => {
  const cases: Array<[string, unknown[], RegExp]> = [
    ['fromBlock after toBlock → -32602', [{ fromBlock: 5, toBlock: 4 }], /fromBlock is after toBlock/],
    ['more than 1000 heights → -32602', [{ fromBlock: 0, toBlock: 1000 }], /at most 1000 heights/],
    ['an unknown key → -32602', [{ from: 1 }], /argument 0/],
    ['a height that is not a number → -32602', [{ fromBlock: 'latest' }], /argument 0/],
    ['a second param → -32602', [{}, {}], /too many arguments/],
  ]
  for (const [name, params, message] of cases) {
    test(name, async ({ server }) => {
      if (BigInt(await rpc(server.url, 'eth_blockNumber')) < 1000n) await rpc(server.url, 'anvil_mine', [1000])
      const error = await rpcError(server.url, 'sim_forkTree', params)
      expect(error.code).toBe(-32602)
      expect(error.message).toMatch(message)
    })
  }
})
