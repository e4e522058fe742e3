import { describe, expect, test } from 'vitest'
import { expectEach } from '../helpers/expectEach.ts'
import { asRpcCall } from '../helpers/rpcErrors.ts'
import { signFor } from '../helpers/signing.ts'
import { bytesToBigInt } from '../../src/evm/index.ts'
import { DEFAULT_LOG_LIMITS } from '../../src/logs/index.ts'
import { ChainNode } from '../../src/node.ts'
import type { SimReorgOptions } from '../../src/reorg/simReorg.ts'
import { balanceOfData, deployToken, transferData } from '../helpers/contracts.ts'

const GWEI = 10n ** 9n

/** A chain with `blocks` blocks after the token's, each with a token transfer (a log) and an ETH transfer. */
async function buildChain(blocks: number) {
  const node = await ChainNode.create({ mining: { auto: false }, clock: { kind: 'fixed', genesisTime: 1_700_000_000n, blockTime: 12n } })
  await node.settings.setAutomine(true)
  const token = await deployToken(node)
  await node.settings.setAutomine(false)
  const [owner, holder] = node.accounts
  const sink = node.accounts[9]!
  for (let i = 0; i < blocks; i++) {
    await node.sendTransaction({ from: owner!.address, to: token, data: transferData(holder!.address, BigInt(i + 1)) })
    await node.sendTransaction({ from: node.accounts[2 + (i % 7)]!.address, to: sink.address, value: BigInt(i + 1) })
    await node.mine(1)
  }
  return { node, token, owner: owner!, holder: holder!, sink }
}

async function snapshotState(node: ChainNode, token: Uint8Array) {
  const call = await node.execution.call({ from: new Uint8Array(20), to: token, data: balanceOfData(node.accounts[1]!.address) }, node.head)
  const state = node.execution.stateAt(node.head)
  return {
    tokenBalance: bytesToBigInt(call.returnValue),
    sinkBalance: await state.getBalance(node.accounts[9]!.address),
    nonces: await Promise.all(node.accounts.map((a) => state.getNonce(a.address))),
    tokenLogs: await countLogs(node, token),
  }
}

async function countLogs(node: ChainNode, token: Uint8Array): Promise<number> {
  const filter = { addresses: [token], topics: [], fromBlock: 0n, toBlock: 'latest' } as const
  const result = await node.queryLogs(filter, { ...DEFAULT_LOG_LIMITS, maxLogResults: 1_000_000 })
  if (result.status !== 'ok') throw new Error(result.status)
  return result.canonical.length
}

function positions(node: ChainNode, hashes: Uint8Array[]) {
  return hashes.map((hash) => {
    const found = node.transaction(hash)
    return found?.status === 'mined' ? `${found.location.block.number}:${found.location.index}` : (found?.status ?? 'gone')
  })
}

function orphanedHashes(node: ChainNode, depth: number): Uint8Array[] {
  const hashes: Uint8Array[] = []
  for (let n = node.head.number - BigInt(depth) + 1n; n <= node.head.number; n++) {
    for (const t of node.chain.blockByNumber(n)!.transactions) hashes.push(t.signed.hash)
  }
  return hashes
}

describe.each([1, 3, 10])('sim_reorg depth %i', (depth) => {
  test('reinclude all: every orphaned transaction is re-mined, positions change, state matches', async () => {
    const { node, token } = await buildChain(depth + 1)
    const before = await snapshotState(node, token)
    const orphaned = orphanedHashes(node, depth)
    const oldPositions = positions(node, orphaned)
    const oldHead = node.head
    // The canonical tip before the reorg, oldest first: what the reorg must report as removed.
    const oldTip = Array.from({ length: depth }, (_, i) => node.chain.blockByNumber(oldHead.number - BigInt(depth - 1 - i))!.hashKey)
    const outcome = await node.reorgs.simReorg({ depth })

    expect(outcome.removed.map((b) => b.hashKey)).toEqual(oldTip)
    expect(outcome.added).toHaveLength(depth + 1)
    expect(node.head.number).toBe(oldHead.number + 1n)
    const removedKeys = new Set(oldTip)
    expectEach(outcome.added, (block, label) => expect(removedKeys.has(block.hashKey), label).toBe(false))
    expect(node.chain.isCanonical(oldHead)).toBe(false)
    const newPositions = positions(node, orphaned)
    expectEach(newPositions, (position, label) => expect(position, label).toMatch(/^\d+:\d+$/))
    expect(newPositions).not.toEqual(oldPositions)
    expect(await snapshotState(node, token)).toEqual(before)
    expect(outcome.removedLogs).toBe(depth)
    expect(outcome.addedLogs).toBe(depth)
    await node.close()
  })

  test("reinclude none: orphaned transactions are pending again and state is the ancestor's", async () => {
    const { node, token } = await buildChain(depth + 1)
    const orphaned = orphanedHashes(node, depth)
    const ancestor = node.chain.blockByNumber(node.head.number - BigInt(depth))!
    const expected = {
      nonces: await Promise.all(node.accounts.map((a) => node.execution.stateAt(ancestor).getNonce(a.address))),
      sink: await node.execution.stateAt(ancestor).getBalance(node.accounts[9]!.address),
    }
    const before = await snapshotState(node, token)
    await node.reorgs.simReorg({ depth, reinclude: 'none' })
    expectEach(positions(node, orphaned), (position, label) => expect(position, label).toBe('pending'))
    const state = node.execution.stateAt(node.head)
    expect(await Promise.all(node.accounts.map((a) => state.getNonce(a.address)))).toEqual(expected.nonces)
    expect(await state.getBalance(node.accounts[9]!.address)).toBe(expected.sink)
    expect(await countLogs(node, token)).toBe(before.tokenLogs - depth)
    // Mining them again restores what the chain had.
    await node.mine(1)
    expect(await snapshotState(node, token)).toEqual(before)
    await node.close()
  })

  test('drop: a dropped transaction is gone, the others re-mined', async () => {
    const { node, token, sink } = await buildChain(depth + 1)
    const before = await snapshotState(node, token)
    const lastBlock = node.head.transactions
    const dropped = lastBlock[1]!.signed
    const droppedValue = dropped.tx.value
    await node.reorgs.simReorg({ depth, drop: [dropped.hash] })
    expect(node.transaction(dropped.hash)).toBeUndefined()
    const after = await snapshotState(node, token)
    expect(after.sinkBalance).toBe(before.sinkBalance - droppedValue)
    expect(after.tokenBalance).toBe(before.tokenBalance)
    expect(await node.execution.stateAt(node.head).getBalance(sink.address)).toBe(before.sinkBalance - droppedValue)
    await node.close()
  })

  test('add: a new signed transaction lands first in the first new block', async () => {
    const { node } = await buildChain(depth + 1)
    const sender = node.accounts[8]!
    const nonce = await node.execution.stateAt(node.chain.blockByNumber(node.head.number - BigInt(depth))!).getNonce(sender.address)
    const extra = signFor(node, sender.privateKey, {
      type: 2,
      chainId: node.chainId,
      nonce: nonce + 50n,
      gasLimit: 21_000n,
      maxFeePerGas: 100n * GWEI,
      maxPriorityFeePerGas: GWEI,
      to: node.accounts[9]!.address,
      value: 1_000n,
    })
    // Its nonce is far ahead: it cannot run, and the reorg says so by leaving it out.
    const options: SimReorgOptions = { depth, add: [extra.raw] }
    await node.reorgs.simReorg(options)
    expect(node.transaction(extra.hash)?.status).not.toBe('mined')

    const { node: node2, token: token2 } = await buildChain(depth + 1)
    const before2 = await snapshotState(node2, token2)
    const ancestor2 = node2.chain.blockByNumber(node2.head.number - BigInt(depth))!
    // The sink sends nothing in the chain, so its nonce is free; the recipient is a fresh address.
    const payer = node2.accounts[9]!
    const recipient = new Uint8Array(20).fill(0xbe)
    const good = signFor(node2, payer.privateKey, {
      type: 2,
      chainId: node2.chainId,
      nonce: await node2.execution.stateAt(ancestor2).getNonce(payer.address),
      gasLimit: 21_000n,
      maxFeePerGas: 100n * GWEI,
      maxPriorityFeePerGas: GWEI,
      to: recipient,
      value: 1_000n,
    })
    await node2.reorgs.simReorg({ depth, add: [good.raw] })
    const found = node2.transaction(good.hash)
    expect(found?.status).toBe('mined')
    if (found?.status === 'mined') {
      expect(found.location.block.number).toBe(ancestor2.number + 1n)
      expect(found.location.index).toBe(0)
    }
    expect(await node2.execution.stateAt(node2.head).getBalance(recipient)).toBe(1_000n)
    const after2 = await snapshotState(node2, token2)
    expect(after2.tokenBalance).toBe(before2.tokenBalance)
    expect(after2.tokenLogs).toBe(before2.tokenLogs)
    await node.close()
    await node2.close()
  })
})

describe('reorg limits', () => {
  test('a reorg past finalized is refused with -32602 unless forced', async () => {
    const node = await ChainNode.create({ finality: { safeDepth: 1n, finalizedDepth: 2n } })
    await node.mine(5)
    const head = node.head.hashKey
    await expect(asRpcCall(node.reorgs.simReorg({ depth: 3 }))).rejects.toMatchObject({ code: -32602, message: expect.stringMatching(/finalized/) })
    expect(node.head.hashKey).toBe(head)
    await expect(asRpcCall(node.reorgs.rollback(3))).rejects.toMatchObject({ code: -32602 })
    const outcome = await node.reorgs.simReorg({ depth: 3, force: true })
    expect(outcome.removed).toHaveLength(3)
    await node.close()
  })

  test('the genesis block cannot be removed', async () => {
    const node = await ChainNode.create()
    await node.mine(2)
    await expect(asRpcCall(node.reorgs.simReorg({ depth: 3, force: true }))).rejects.toMatchObject({ code: -32602, message: expect.stringMatching(/genesis/) })
    await node.close()
  })

  test('dropping an unknown transaction is refused and changes nothing', async () => {
    const node = await ChainNode.create()
    await node.mine(2)
    const head = node.head.hashKey
    await expect(asRpcCall(node.reorgs.simReorg({ depth: 1, drop: [new Uint8Array(32).fill(7)] }))).rejects.toMatchObject({ code: -32602 })
    expect(node.head.hashKey).toBe(head)
    await node.close()
  })

  test('an empty replacement block still gets a new hash', async () => {
    const node = await ChainNode.create({ clock: { kind: 'fixed', genesisTime: 1_000n, blockTime: 1n } })
    await node.mine(1)
    const old = node.head.hashKey
    const outcome = await node.reorgs.simReorg({ depth: 1, length: 1 })
    expect(outcome.added[0]!.hashKey).not.toBe(old)
    await node.close()
  })
})

describe('anvil_reorg, anvil_rollback, snapshots', () => {
  test('anvil_reorg drops orphaned transactions and places the given ones', async () => {
    const { node } = await buildChain(3)
    const orphaned = orphanedHashes(node, 2)
    const ancestor = node.chain.blockByNumber(node.head.number - 2n)!
    const placed = node.signing.signWithDevAccount({
      from: node.accounts[8]!.address,
      to: node.accounts[9]!.address,
      value: 5n,
      nonce: await node.execution.stateAt(ancestor).getNonce(node.accounts[8]!.address),
      gas: 21_000n,
    })
    const height = node.head.number
    await node.reorgs.anvilReorg(2, [{ transaction: placed.raw, blockIndex: 1 }])
    expect(node.head.number).toBe(height)
    expectEach(positions(node, orphaned), (position, label) => expect(position, label).toBe('gone'))
    expect(positions(node, [placed.hash])).toEqual([`${ancestor.number + 2n}:0`])
    await node.close()
  })

  test('anvil_rollback removes blocks without replacing them', async () => {
    const node = await ChainNode.create()
    await node.mine(4)
    const target = node.chain.blockByNumber(2n)!
    await node.reorgs.rollback(2)
    expect(node.head.hashKey).toBe(target.hashKey)
    await node.close()
  })

  test('evm_revert restores head, pool and clock, and reads as a reorg', async () => {
    const node = await ChainNode.create({ mining: { auto: false } })
    await node.mine(1)
    const id = await node.reorgs.snapshot()
    const head = node.head
    await node.sendTransaction({ from: node.accounts[0]!.address, to: node.accounts[1]!.address, value: 1n })
    await node.mine(2)
    let reorged = 0
    node.chain.events.on('reorged', (e) => (reorged += e.removed.length))
    expect(await node.reorgs.revert(id)).toBe(true)
    expect(node.head.hashKey).toBe(head.hashKey)
    expect(node.pooledTransactions).toHaveLength(0)
    expect(reorged).toBe(2)
    expect(await node.reorgs.revert(id)).toBe(false)
    await node.close()
  })
})
