import { encodeFunctionData, hexToBytes } from 'viem'
import { describe, expect, test } from 'vitest'
import { EventEmitter } from '../../src/contracts/index.ts'
import { keyOf } from '../../src/evm/index.ts'
import type { LogChange } from '../../src/filters/types.ts'
import { DEFAULT_LOG_LIMITS } from '../../src/logs/index.ts'
import type { LogFilter } from '../../src/logs/index.ts'
import { ChainNode } from '../../src/node.ts'
import { deployEmitter, deployToken, transferData } from '../helpers/contracts.ts'
import { expectEach } from '../helpers/expectEach.ts'

const anyRange = { topics: [], fromBlock: 'latest', toBlock: 'latest' } as const

function installLogFilter(node: ChainNode, filter: LogFilter): string {
  const installed = node.filters.newLogFilter(filter)
  if ('status' in installed) throw new Error(`refused: ${installed.status}`)
  return installed.id
}

async function logChanges(node: ChainNode, id: string): Promise<LogChange[]> {
  const found = await node.filters.changes(id)
  if (found.kind !== 'log') throw new Error(`${id} is a ${found.kind} filter`)
  return found.changes
}

async function blockChanges(node: ChainNode, id: string): Promise<Uint8Array[]> {
  const found = await node.filters.changes(id)
  if (found.kind !== 'block') throw new Error(`${id} is a ${found.kind} filter`)
  return found.hashes
}

async function pendingChanges(node: ChainNode, id: string): Promise<Uint8Array[]> {
  const found = await node.filters.changes(id)
  if (found.kind !== 'pendingTransaction') throw new Error(`${id} is a ${found.kind} filter`)
  return found.hashes
}

function describeChanges(changes: LogChange[]) {
  return changes.map((c) =>
    c.kind === 'pending' ? 'pending' : `${c.removed ? 'removed' : 'added'}@${c.log.blockNumber}:${keyOf(c.log.blockHash).slice(0, 10)}`,
  )
}

async function nodeWithToken() {
  return nodeWithLimitedFilters(undefined)
}

async function nodeWithLimitedFilters(maxFilterChanges: number | undefined) {
  const node = await ChainNode.create({ maxFilterChanges })
  const token = await deployToken(node)
  const transfer = (amount: bigint) =>
    node.sendTransaction({ from: node.accounts[0]!.address, to: token, data: transferData(node.accounts[1]!.address, amount) })
  return { node, token, transfer }
}

describe('log filters across a reorg', () => {
  test('removed logs come first, oldest block first, with original fields; then the new branch', async () => {
    const { node, token, transfer } = await nodeWithToken()
    const id = installLogFilter(node, { ...anyRange, addresses: [token] })
    await transfer(1n)
    await transfer(2n)
    await transfer(3n)
    const first = await logChanges(node, id)
    expect(first).toHaveLength(3)
    const [, second, third] = first as Array<Extract<LogChange, { kind: 'mined' }>>

    const outcome = await node.reorgs.simReorg({ depth: 2 })
    const changes = (await logChanges(node, id)) as Array<Extract<LogChange, { kind: 'mined' }>>
    expect(changes.map((c) => c.removed)).toEqual([true, true, false, false])
    // The removed logs are exactly those reported before, field for field.
    expect(changes[0]!.log).toEqual(second!.log)
    expect(changes[1]!.log).toEqual(third!.log)
    const addedKeys = new Set(outcome.added.map((b) => b.hashKey))
    expectEach(changes.slice(2), (change, label) => expect(addedKeys.has(keyOf(change.log.blockHash)), label).toBe(true))
    // Drained: the next poll has nothing.
    expect(await logChanges(node, id)).toEqual([])
    await node.close()
  })

  test('a filter whose range ends before the reorged blocks sees nothing', async () => {
    const { node, token, transfer } = await nodeWithToken()
    await transfer(1n)
    const end = node.head.number
    const id = installLogFilter(node, { addresses: [token], topics: [], fromBlock: 0n, toBlock: end })
    await transfer(2n)
    await transfer(3n)
    await node.reorgs.simReorg({ depth: 2 })
    expect(await logChanges(node, id)).toEqual([])
    await node.close()
  })

  test('a log mined and orphaned between two polls comes back added, then removed, then re-mined', async () => {
    const { node, token, transfer } = await nodeWithToken()
    const id = installLogFilter(node, { ...anyRange, addresses: [token] })
    await transfer(1n)
    const orphaned = node.head
    const outcome = await node.reorgs.simReorg({ depth: 1 })
    const [, remined] = outcome.added
    expect(describeChanges(await logChanges(node, id))).toEqual([
      `added@2:${orphaned.hashKey.slice(0, 10)}`,
      `removed@2:${orphaned.hashKey.slice(0, 10)}`,
      `added@3:${remined!.hashKey.slice(0, 10)}`,
    ])
    await node.close()
  })

  test('removed logs reach a filter whose criteria match even if it never reported their block', async () => {
    const { node, token, transfer } = await nodeWithToken()
    await transfer(1n)
    const before = node.head
    // Installed after the block was mined: it never reported it, but a client may have read it with eth_getLogs.
    const id = installLogFilter(node, { ...anyRange, addresses: [token] })
    const outcome = await node.reorgs.simReorg({ depth: 1 })
    // The transfer is re-mined in the second block of the new branch (a depth-1 reorg adds two).
    expect(describeChanges(await logChanges(node, id))).toEqual([
      `removed@2:${before.hashKey.slice(0, 10)}`,
      `added@3:${outcome.added[1]!.hashKey.slice(0, 10)}`,
    ])
    await node.close()
  })

  test('two reorgs between polls: both sets of removed and added logs, in the order they happened', async () => {
    const { node, token, transfer } = await nodeWithToken()
    const id = installLogFilter(node, { ...anyRange, addresses: [token] })
    await transfer(1n)
    const reported = await logChanges(node, id)
    const first = await node.reorgs.simReorg({ depth: 1 })
    const second = await node.reorgs.simReorg({ depth: 2 })
    const short = (block: { hashKey: string }) => block.hashKey.slice(0, 10)
    // The second branch's logs as the log index has them (eth_getLogs' path, not the filter journal's).
    const secondBranch = await node.queryLogs(
      { addresses: [token], topics: [], fromBlock: second.added[0]!.number, toBlock: second.added.at(-1)!.number },
      DEFAULT_LOG_LIMITS,
    )
    if (secondBranch.status !== 'ok') throw new Error(secondBranch.status)
    expect(secondBranch.canonical).toHaveLength(1)
    // First reorg: block 2 out, its transfer re-mined in block 3 of a two-block branch; second: both out again.
    expect(describeChanges(await logChanges(node, id))).toEqual([
      `removed@2:${short(first.removed[0]!)}`,
      `added@3:${short(first.added[1]!)}`,
      `removed@3:${short(second.removed[1]!)}`,
      ...secondBranch.canonical.map((log) => `added@${log.blockNumber}:${keyOf(log.blockHash).slice(0, 10)}`),
    ])
    expect(reported).toHaveLength(1)
    await node.close()
  })

  test('block filters get every block of the new branch', async () => {
    const node = await ChainNode.create()
    await node.mine(3)
    const id = node.filters.newBlockFilter()
    await node.mine(2)
    expect(await blockChanges(node, id)).toHaveLength(2)
    const outcome = await node.reorgs.simReorg({ depth: 3, length: 4 })
    expect((await blockChanges(node, id)).map(keyOf)).toEqual(outcome.added.map((b) => b.hashKey))
    await node.close()
  })

  test('block filters get every block that joined, those orphaned since included, in order', async () => {
    const node = await ChainNode.create()
    await node.mine(3)
    const id = node.filters.newBlockFilter()
    const [mined] = await node.mine(1)
    const first = await node.reorgs.simReorg({ depth: 1, length: 2 })
    const second = await node.reorgs.simReorg({ depth: 1, length: 1 })
    // Block 4 and the first branch's 4' and 5' joined; 5' left again in the second reorg, 5'' joined.
    expect((await blockChanges(node, id)).map(keyOf)).toEqual([mined!.hashKey, ...first.added.map((b) => b.hashKey), ...second.added.map((b) => b.hashKey)])
    expect(second.removed.map((b) => b.hashKey)).toEqual([first.added[1]!.hashKey])
    await node.close()
  })
})

describe('pending logs', () => {
  test('a filter ending at pending reports each pending log once, then its mined form', async () => {
    const node = await ChainNode.create()
    const emitter = await deployEmitter(node)
    await node.settings.setAutomine(false)
    const id = installLogFilter(node, { addresses: [emitter], topics: [], fromBlock: 'latest', toBlock: 'pending' })
    const data = hexToBytes(encodeFunctionData({ abi: EventEmitter.abi, functionName: 'emitOneTopic', args: [7n] }))
    await node.sendTransaction({ from: node.accounts[0]!.address, to: emitter, data })
    const first = await logChanges(node, id)
    expect(first.map((c) => c.kind)).toEqual(['pending'])
    expect(await logChanges(node, id)).toEqual([])
    await node.mine(1)
    const mined = await logChanges(node, id)
    expect(mined).toHaveLength(1)
    expect(mined[0]).toMatchObject({ kind: 'mined', removed: false, log: { blockNumber: node.head.number, logIndex: 0 } })
    await node.close()
  })
})

describe('pending logs of transactions mined between polls', () => {
  async function manualEmitter() {
    const node = await ChainNode.create()
    const emitter = await deployEmitter(node)
    await node.settings.setAutomine(false)
    const emit = (value: bigint) =>
      node.sendTransaction({
        from: node.accounts[0]!.address,
        to: emitter,
        data: hexToBytes(encodeFunctionData({ abi: EventEmitter.abi, functionName: 'emitOneTopic', args: [value] })),
      })
    return { node, emitter, emit }
  }

  test('a log pending and mined between two polls comes pending, then mined', async () => {
    const { node, emitter, emit } = await manualEmitter()
    const id = installLogFilter(node, { addresses: [emitter], topics: [], fromBlock: 'latest', toBlock: 'pending' })
    const onlyPending = installLogFilter(node, { addresses: [emitter], topics: [], fromBlock: 'pending', toBlock: 'pending' })
    await emit(1n)
    const [block] = await node.mine(1)
    const changes = await logChanges(node, id)
    expect(changes.map((c) => c.kind)).toEqual(['pending', 'mined'])
    expect(changes[0]!.log.data).toEqual(changes[1]!.log.data)
    expect(changes[1]).toMatchObject({ removed: false, log: { blockNumber: block!.number } })
    expect((await logChanges(node, onlyPending)).map((c) => c.kind)).toEqual(['pending'])
    expect(await logChanges(node, id)).toEqual([])
    await node.close()
  })

  test('a filter polled only at the end reports what a filter polled after every step reported, in the same order', async () => {
    const { node, emitter, emit } = await manualEmitter()
    const criteria = { addresses: [emitter], topics: [], fromBlock: 'latest', toBlock: 'pending' } as const
    const eager = installLogFilter(node, criteria)
    const lazy = installLogFilter(node, criteria)
    const told: LogChange[] = []
    const poll = async () => told.push(...(await logChanges(node, eager)))
    // Blocks with and without pending transactions, empty blocks, reorgs (one sending its transactions back to
    // the pool, pending again), pending left at the end. A pending log is told before the block that mines it.
    const steps = [
      () => emit(1n),
      () => node.mine(1),
      () => node.mine(1),
      async () => {
        await emit(2n)
        await emit(3n)
      },
      () => node.mine(1),
      () => node.reorgs.simReorg({ depth: 1 }),
      () => emit(4n),
      () => node.mine(1),
      () => node.reorgs.simReorg({ depth: 1, reinclude: 'none' }),
      () => node.mine(1),
      () => emit(5n),
    ]
    for (const step of steps) {
      await step()
      await poll()
    }
    const summary = (changes: LogChange[]) =>
      changes.map(
        (c) => `${c.kind === 'pending' ? 'pending' : c.removed ? 'removed' : 'mined'}:${keyOf(c.log.data)}:${c.kind === 'mined' ? c.log.blockNumber : ''}`,
      )
    expect(summary(await logChanges(node, lazy))).toEqual(summary(told))
    expect(told.filter((c) => c.kind === 'pending')).toHaveLength(6)
    await node.close()
  })

  test('nothing is kept for filters that do not end at pending', async () => {
    const { node, emitter, emit } = await manualEmitter()
    const id = installLogFilter(node, { addresses: [emitter], topics: [], fromBlock: 'latest', toBlock: 'latest' })
    await emit(1n)
    await node.mine(1)
    expect((await logChanges(node, id)).map((c) => c.kind)).toEqual(['mined'])
    await node.close()
  })
})

describe('filter lifetime', () => {
  test('a filter expires after the timeout without a poll; a poll keeps it alive', async () => {
    let now = 0
    const node = await ChainNode.create({ filterTimeoutMs: 1_000, filterClock: () => now })
    const id = node.filters.newBlockFilter()
    now = 900
    expect(await blockChanges(node, id)).toEqual([])
    now = 1_800
    expect(await blockChanges(node, id)).toEqual([])
    now = 2_800
    await expect(blockChanges(node, id)).rejects.toThrow(/filter not found/)
    expect(node.filters.uninstall(id)).toBe(false)
    await node.close()
  })

  test('an uninstalled filter is not found; ids are minimal hex', async () => {
    const node = await ChainNode.create()
    const id = node.filters.newPendingTransactionFilter()
    expect(id).toBe('0x1')
    expect(node.filters.uninstall(id)).toBe(true)
    await expect(pendingChanges(node, id)).rejects.toThrow(/filter not found/)
    await node.close()
  })

  test('a filter holding more changes than it may is uninstalled, and its poll is -32000 filter not found', async () => {
    const node = await ChainNode.create({ maxFilterChanges: 3 })
    const blocks = node.filters.newBlockFilter()
    const kept = node.filters.newBlockFilter()
    await node.mine(3)
    expect(await blockChanges(node, kept)).toHaveLength(3)
    await node.mine(1)
    await expect(blockChanges(node, blocks)).rejects.toThrow(/filter not found/)
    expect(node.filters.uninstall(blocks)).toBe(false)
    expect(await blockChanges(node, kept)).toHaveLength(1)
    await node.close()
  })

  test('a log filter over its limit is uninstalled, whether its changes are canonical or orphaned', async () => {
    const { node, token, transfer } = await nodeWithLimitedFilters(2)
    const canonical = installLogFilter(node, { ...anyRange, addresses: [token] })
    await transfer(1n)
    await transfer(2n)
    expect(await logChanges(node, canonical)).toHaveLength(2)
    for (let i = 3n; i <= 5n; i++) await transfer(i)
    await expect(logChanges(node, canonical)).rejects.toThrow(/filter not found/)

    const orphaned = installLogFilter(node, { ...anyRange, addresses: [token] })
    const dropOnce = async () => node.reorgs.simReorg({ depth: 1, drop: [await transfer(9n)] })
    await dropOnce()
    // Added, then removed: exactly the limit.
    expect(describeChanges(await logChanges(node, orphaned)).map((c) => c.split('@')[0])).toEqual(['added', 'removed'])
    await dropOnce()
    await dropOnce()
    await expect(logChanges(node, orphaned)).rejects.toThrow(/filter not found/)
    await node.close()
  })

  test('a pending transaction filter over its limit is uninstalled', async () => {
    const node = await ChainNode.create({ mining: { auto: false }, maxFilterChanges: 2 })
    const id = node.filters.newPendingTransactionFilter()
    for (let i = 0; i < 3; i++) {
      await node.sendTransaction({ from: node.accounts[0]!.address, to: node.accounts[1]!.address, value: 1n })
    }
    await expect(pendingChanges(node, id)).rejects.toThrow(/filter not found/)
    await node.close()
  })

  test('pending transaction filters report hashes as they enter the pool', async () => {
    const node = await ChainNode.create({ mining: { auto: false } })
    const id = node.filters.newPendingTransactionFilter()
    const hash = await node.sendTransaction({ from: node.accounts[0]!.address, to: node.accounts[1]!.address, value: 1n })
    expect((await pendingChanges(node, id)).map(keyOf)).toEqual([keyOf(hash)])
    expect(await pendingChanges(node, id)).toEqual([])
    await node.close()
  })
})
