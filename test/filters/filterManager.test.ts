import { encodeFunctionData, hexToBytes } from 'viem'
import { describe, expect, test } from 'vitest'
import { EventEmitter } from '../../src/contracts/index.ts'
import { keyOf } from '../../src/evm/index.ts'
import type { LogChange } from '../../src/filters/types.ts'
import { ChainNode } from '../../src/node.ts'
import { deployEmitter, deployToken, transferData } from '../helpers/contracts.ts'

const anyRange = { topics: [], fromBlock: 'latest', toBlock: 'latest' } as const

function describeChanges(changes: LogChange[]) {
  return changes.map((c) =>
    c.kind === 'pending' ? 'pending' : `${c.removed ? 'removed' : 'added'}@${c.log.blockNumber}:${keyOf(c.log.blockHash).slice(0, 10)}`,
  )
}

async function nodeWithToken() {
  const node = await ChainNode.create()
  const token = await deployToken(node)
  const transfer = (amount: bigint) =>
    node.sendTransaction({ from: node.accounts[0]!.address, to: token, data: transferData(node.accounts[1]!.address, amount) })
  return { node, token, transfer }
}

describe('log filters across a reorg', () => {
  test('removed logs come first, oldest block first, with original fields; then the new branch', async () => {
    const { node, token, transfer } = await nodeWithToken()
    const id = node.filters.newLogFilter({ ...anyRange, addresses: [token] })
    await transfer(1n)
    await transfer(2n)
    await transfer(3n)
    const first = await node.filters.logChanges(id)
    expect(first).toHaveLength(3)
    const [, second, third] = first as Array<Extract<LogChange, { kind: 'mined' }>>

    const outcome = await node.simReorg({ depth: 2 })
    const changes = (await node.filters.logChanges(id)) as Array<Extract<LogChange, { kind: 'mined' }>>
    expect(changes.map((c) => c.removed)).toEqual([true, true, false, false])
    // The removed logs are exactly those reported before, field for field.
    expect(changes[0]!.log).toEqual(second!.log)
    expect(changes[1]!.log).toEqual(third!.log)
    const addedKeys = new Set(outcome.added.map((b) => b.hashKey))
    expect(changes.slice(2).every((c) => addedKeys.has(keyOf(c.log.blockHash)))).toBe(true)
    // Drained: the next poll has nothing.
    expect(await node.filters.logChanges(id)).toEqual([])
    await node.close()
  })

  test('a filter whose range ends before the reorged blocks sees nothing', async () => {
    const { node, token, transfer } = await nodeWithToken()
    await transfer(1n)
    const end = node.head.number
    const id = node.filters.newLogFilter({ addresses: [token], topics: [], fromBlock: 0n, toBlock: end })
    await transfer(2n)
    await transfer(3n)
    await node.simReorg({ depth: 2 })
    expect(await node.filters.logChanges(id)).toEqual([])
    await node.close()
  })

  test('a filter that never reported the orphaned blocks gets only the new branch', async () => {
    const { node, token, transfer } = await nodeWithToken()
    const id = node.filters.newLogFilter({ ...anyRange, addresses: [token] })
    await transfer(1n)
    await node.simReorg({ depth: 1 })
    expect(describeChanges(await node.filters.logChanges(id)).every((c) => c.startsWith('added'))).toBe(true)
    await node.close()
  })

  test('two reorgs between polls: removed logs only of what was reported', async () => {
    const { node, token, transfer } = await nodeWithToken()
    const id = node.filters.newLogFilter({ ...anyRange, addresses: [token] })
    await transfer(1n)
    const reported = await node.filters.logChanges(id)
    await node.simReorg({ depth: 1 })
    await node.simReorg({ depth: 2 })
    const changes = await node.filters.logChanges(id)
    const removed = changes.filter((c) => c.kind === 'mined' && c.removed)
    expect(removed).toHaveLength(1)
    expect((removed[0] as Extract<LogChange, { kind: 'mined' }>).log).toEqual((reported[0] as Extract<LogChange, { kind: 'mined' }>).log)
    const added = changes.filter((c) => c.kind === 'mined' && !c.removed) as Array<Extract<LogChange, { kind: 'mined' }>>
    expect(added).toHaveLength(1)
    expect(node.chain.isCanonical(node.chain.blockByHash(added[0]!.log.blockHash)!)).toBe(true)
    await node.close()
  })

  test('block filters get every block of the new branch', async () => {
    const node = await ChainNode.create()
    await node.mine(3)
    const id = node.filters.newBlockFilter()
    await node.mine(2)
    expect(node.filters.blockChanges(id)).toHaveLength(2)
    const outcome = await node.simReorg({ depth: 3, length: 4 })
    expect(node.filters.blockChanges(id).map(keyOf)).toEqual(outcome.added.map((b) => b.hashKey))
    await node.close()
  })
})

describe('pending logs', () => {
  test('a filter ending at pending reports each pending log once, then its mined form', async () => {
    const node = await ChainNode.create()
    const emitter = await deployEmitter(node)
    node.miner.setAutomine(false)
    const id = node.filters.newLogFilter({ addresses: [emitter], topics: [], fromBlock: 'latest', toBlock: 'pending' })
    const data = hexToBytes(encodeFunctionData({ abi: EventEmitter.abi, functionName: 'emitOneTopic', args: [7n] }))
    await node.sendTransaction({ from: node.accounts[0]!.address, to: emitter, data })
    const first = await node.filters.logChanges(id)
    expect(first.map((c) => c.kind)).toEqual(['pending'])
    expect(await node.filters.logChanges(id)).toEqual([])
    await node.mine(1)
    const mined = await node.filters.logChanges(id)
    expect(mined).toHaveLength(1)
    expect(mined[0]).toMatchObject({ kind: 'mined', removed: false, log: { blockNumber: node.head.number, logIndex: 0 } })
    await node.close()
  })
})

describe('filter lifetime', () => {
  test('a filter expires after the timeout without a poll; a poll keeps it alive', async () => {
    let now = 0
    const node = await ChainNode.create({ filterTimeoutMs: 1_000, filterClock: () => now })
    const id = node.filters.newBlockFilter()
    now = 900
    expect(node.filters.blockChanges(id)).toEqual([])
    now = 1_800
    expect(node.filters.blockChanges(id)).toEqual([])
    now = 2_800
    expect(() => node.filters.blockChanges(id)).toThrow(/filter not found/)
    expect(node.filters.uninstall(id)).toBe(false)
    await node.close()
  })

  test('an uninstalled filter is not found; ids are minimal hex', async () => {
    const node = await ChainNode.create()
    const id = node.filters.newPendingTransactionFilter()
    expect(id).toBe('0x1')
    expect(node.filters.uninstall(id)).toBe(true)
    expect(() => node.filters.pendingTransactionChanges(id)).toThrow(/filter not found/)
    await node.close()
  })

  test('pending transaction filters report hashes as they enter the pool', async () => {
    const node = await ChainNode.create({ mining: { auto: false } })
    const id = node.filters.newPendingTransactionFilter()
    const hash = await node.sendTransaction({ from: node.accounts[0]!.address, to: node.accounts[1]!.address, value: 1n })
    expect(node.filters.pendingTransactionChanges(id).map(keyOf)).toEqual([keyOf(hash)])
    expect(node.filters.pendingTransactionChanges(id)).toEqual([])
    await node.close()
  })
})
