import fc from 'fast-check'
import { keccak256, pad, toHex, type Hex } from 'viem'
import { afterEach, describe, expect, test } from 'vitest'
import { startChainsim, type Chainsim } from '../../src/testing/index.ts'
import { fuzzParameters, fuzzTimeout } from '../fuzz/fuzzSettings.ts'
import { deployEmitterViaRpc, devAccount, emitterCall, hex, send, signRaw } from '../helpers/rpcChain.ts'
import { rpc } from '../helpers/rpcClient.ts'
import { WsClient } from '../helpers/wsClient.ts'

/**
 * Filters and subscriptions tell the same story, over real HTTP and WebSocket: a filter's polls, put end to
 * end, are exactly what a subscription with the same criteria was notified (geth appends every event to a
 * filter's buffer and never merges them), and replaying them onto an empty set gives eth_getLogs.
 */

type WireLog = { blockHash: Hex; blockNumber: Hex; logIndex: Hex; removed: boolean } & Record<string, unknown>
type ReorgResult = { addedBlocks: Hex[]; removedBlocks: Hex[] }

const TICK = keccak256(toHex('Tick(uint256,address,uint256)'))
const senderTopic = (index: number) => pad(devAccount(index).address.toLowerCase() as Hex)
const GAS = hex(300_000)

/** One watched chain: filters polled over HTTP beside subscriptions with the same criteria over WebSocket. */
class Watchers {
  private readonly polled = new Map<string, unknown[]>()

  private constructor(
    readonly url: string,
    readonly ws: WsClient,
    readonly emitter: Hex,
    /** The head when the watchers were installed. */
    readonly installedAt: number,
    readonly bounds: { from: number; to: number },
    readonly filters: { all: string; bySender: string; bounded: string; blocks: string },
    readonly subscriptions: { all: string; bySender: string; heads: string },
  ) {
    for (const id of Object.values(filters)) this.polled.set(id, [])
  }

  static async install(network: Chainsim): Promise<Watchers> {
    const emitter = await deployEmitterViaRpc(network.url, { mine: true })
    const installedAt = Number(await rpc<Hex>(network.url, 'eth_blockNumber'))
    const bounds = { from: installedAt + 2, to: installedAt + 5 }
    const bySender = { address: emitter, topics: [TICK, null, senderTopic(1)] }
    const ws = await WsClient.open(network.wsUrl)
    const subscriptions = {
      all: await ws.subscribe('logs', { address: emitter }),
      bySender: await ws.subscribe('logs', bySender),
      heads: await ws.subscribe('newHeads'),
    }
    const filters = {
      all: await rpc<string>(network.url, 'eth_newFilter', [{ address: emitter }]),
      bySender: await rpc<string>(network.url, 'eth_newFilter', [bySender]),
      bounded: await rpc<string>(network.url, 'eth_newFilter', [{ address: emitter, fromBlock: hex(bounds.from), toBlock: hex(bounds.to) }]),
      blocks: await rpc<string>(network.url, 'eth_newBlockFilter'),
    }
    return new Watchers(network.url, ws, emitter, installedAt, bounds, filters, subscriptions)
  }

  async poll(): Promise<void> {
    for (const [id, seen] of this.polled) seen.push(...(await rpc<unknown[]>(this.url, 'eth_getFilterChanges', [id])))
  }

  /** Every filter's polls end to end, and every subscription's notifications, once both are complete. */
  async settle() {
    await this.poll()
    await this.ws.settle()
    const notified = <T>(id: string) => this.ws.notified<T>(id)
    return {
      polled: {
        all: this.polled.get(this.filters.all) as WireLog[],
        bySender: this.polled.get(this.filters.bySender) as WireLog[],
        bounded: this.polled.get(this.filters.bounded) as WireLog[],
        blocks: this.polled.get(this.filters.blocks) as Hex[],
      },
      notified: {
        all: notified<WireLog>(this.subscriptions.all),
        bySender: notified<WireLog>(this.subscriptions.bySender),
        heads: notified<{ hash: Hex }>(this.subscriptions.heads).map((head) => head.hash),
      },
    }
  }
}

/** Sends the emitter a call for `count` Tick logs from dev account `from`; the pool holds it until a block is mined. */
function emit(w: Watchers, from: number, count: number): Promise<Hex> {
  return send(w.url, { from: devAccount(from).address, to: w.emitter, data: emitterCall('emitMany', [BigInt(count)]), gas: GAS })
}

/** Replays log changes onto a set keyed by position; a removal must remove a log that was added. */
function replay(changes: WireLog[]): WireLog[] {
  const set = new Map<string, WireLog>()
  for (const change of changes) {
    const key = `${change.blockHash}:${change.logIndex}`
    if (change.removed) {
      expect(set.get(key), `removed log ${key} was never added`).toEqual({ ...change, removed: false })
      set.delete(key)
    } else {
      set.set(key, change)
    }
  }
  return [...set.values()].sort((a, b) => Number(a.blockNumber) - Number(b.blockNumber) || Number(a.logIndex) - Number(b.logIndex))
}

let server: Chainsim | undefined
let watchers: Watchers | undefined

afterEach(async () => {
  await watchers?.ws.close()
  await server?.close()
  server = undefined
  watchers = undefined
})

async function start(): Promise<Watchers> {
  server = await startChainsim({ networks: [{ mining: { auto: false } }] })
  watchers = await Watchers.install(server)
  return watchers
}

/** Emits one log from each account, then mines one block holding them. */
async function mineEmits(w: Watchers, accounts: number[]): Promise<void> {
  for (const from of accounts) await emit(w, from, 1)
  await rpc(w.url, 'evm_mine')
}

describe('two reorgs between two polls', () => {
  test('filters, open or bounded by block numbers, get all four events the subscription gets; the block filter every hash', async () => {
    const w = await start()
    await mineEmits(w, [1])
    await w.poll()
    await mineEmits(w, [1])
    // Block A (at installedAt + 2) is mined after the poll; the first reorg orphans it, the second orphans its replacement.
    const first = await rpc<ReorgResult>(w.url, 'sim_reorg', [{ depth: 1, length: 1 }])
    const second = await rpc<ReorgResult>(w.url, 'sim_reorg', [{ depth: 1, length: 1 }])
    const { polled, notified } = await w.settle()

    const event = (log: WireLog) => `${log.removed ? 'removed' : 'added'}@${Number(log.blockNumber)}:${log.blockHash}`
    const at = w.installedAt + 2
    const { hash: before } = await rpc<{ hash: Hex }>(w.url, 'eth_getBlockByNumber', [hex(at - 1), false])
    expect(second.removedBlocks).toEqual(first.addedBlocks)
    expect(notified.all.map(event)).toEqual([
      `added@${at - 1}:${before}`,
      `added@${at}:${first.removedBlocks[0]}`,
      `removed@${at}:${first.removedBlocks[0]}`,
      `added@${at}:${first.addedBlocks[0]}`,
      `removed@${at}:${second.removedBlocks[0]}`,
      `added@${at}:${second.addedBlocks[0]}`,
    ])
    expect(polled.all).toEqual(notified.all)
    expect(polled.bySender).toEqual(notified.bySender)
    expect(polled.bounded).toEqual(notified.all.filter((log) => Number(log.blockNumber) >= w.bounds.from))
    expect(polled.blocks).toEqual(notified.heads)
    // The block that joined in the first reorg and left in the second is there too.
    expect(polled.blocks).toContain(first.addedBlocks[0])
  })
})

type Action =
  | { kind: 'mine'; senders: number[]; blocks: number }
  | { kind: 'reorg'; depth: number; length: number | undefined; reinclude: 'all' | 'none'; drop: boolean; add: boolean }
  | { kind: 'rollback'; depth: number }
  | { kind: 'anvilReorg'; depth: number }
  | { kind: 'snapshot' }
  | { kind: 'revert' }
  | { kind: 'poll' }

const depthArb = fc.integer({ min: 1, max: 4 })
const actionArb: fc.Arbitrary<Action> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('mine' as const),
      senders: fc.array(fc.integer({ min: 0, max: 3 }), { maxLength: 3 }),
      blocks: fc.integer({ min: 1, max: 2 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('reorg' as const),
      depth: depthArb,
      length: fc.option(fc.integer({ min: 0, max: 5 }), { nil: undefined }),
      reinclude: fc.constantFrom('all' as const, 'none' as const),
      drop: fc.boolean(),
      add: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('rollback' as const), depth: depthArb }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('anvilReorg' as const), depth: depthArb }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'snapshot' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'revert' as const }) },
  { weight: 3, arbitrary: fc.constant({ kind: 'poll' as const }) },
)

/** Plays one action; reorgs never reach below the block the watchers were installed at. */
async function play(w: Watchers, action: Action, snapshots: string[]): Promise<void> {
  const head = Number(await rpc<Hex>(w.url, 'eth_blockNumber'))
  const depth = 'depth' in action ? Math.min(action.depth, head - w.installedAt) : 0
  switch (action.kind) {
    case 'mine':
      for (const from of action.senders) await emit(w, from, 1 + from)
      await rpc(w.url, 'anvil_mine', [hex(action.blocks)])
      return
    case 'reorg': {
      if (depth < 1) return
      const options: Record<string, unknown> = { depth, reinclude: action.reinclude }
      if (action.length !== undefined) options['length'] = action.length
      if (action.drop) {
        const top = await rpc<{ transactions: Hex[] }>(w.url, 'eth_getBlockByNumber', ['latest', false])
        if (top.transactions.length > 0) options['drop'] = [top.transactions[0]]
      }
      if (action.add) {
        const nonce = Number(await rpc<Hex>(w.url, 'eth_getTransactionCount', [devAccount(5).address, hex(head - depth)]))
        options['add'] = [
          await signRaw(w.url, 5, {
            to: w.emitter,
            data: emitterCall('emitMany', [2n]),
            gas: 300_000n,
            maxFeePerGas: 10n ** 11n,
            maxPriorityFeePerGas: 10n ** 9n,
            chainId: 31337,
            nonce,
          }),
        ]
      }
      await rpc(w.url, 'sim_reorg', [options])
      return
    }
    case 'rollback':
      if (depth >= 1) await rpc(w.url, 'anvil_rollback', [depth])
      return
    case 'anvilReorg':
      if (depth >= 1) await rpc(w.url, 'anvil_reorg', [depth, []])
      return
    case 'snapshot':
      snapshots.push(await rpc<string>(w.url, 'evm_snapshot'))
      return
    case 'revert': {
      const id = snapshots.pop()
      if (id !== undefined) await rpc(w.url, 'evm_revert', [id])
      return
    }
    case 'poll':
      await w.poll()
  }
}

const RUNS = 20

test(
  'for random mines, reorgs and polls: filter polls equal subscription notifications, and replay to eth_getLogs',
  async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(actionArb, { minLength: 1, maxLength: 12 }), async (actions) => {
        const w = await start()
        try {
          const snapshots: string[] = []
          for (const action of actions) await play(w, action, snapshots)
          const { polled, notified } = await w.settle()
          expect(polled.all).toEqual(notified.all)
          expect(polled.bySender).toEqual(notified.bySender)
          expect(polled.bounded).toEqual(notified.all.filter((log) => Number(log.blockNumber) >= w.bounds.from && Number(log.blockNumber) <= w.bounds.to))
          expect(polled.blocks).toEqual(notified.heads)
          const canonical = await rpc<WireLog[]>(w.url, 'eth_getLogs', [{ address: w.emitter, fromBlock: '0x0', toBlock: 'latest' }])
          expect(replay(polled.all)).toEqual(canonical)
        } finally {
          await w.ws.close()
          await server?.close()
          server = undefined
          watchers = undefined
        }
      }),
      fuzzParameters(RUNS),
    )
  },
  fuzzTimeout(RUNS) * 4,
)
