import type { Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startChainsim, type Chainsim } from '../../src/testing/index.ts'
import { deployEmitterViaRpc, deployRelayViaRpc, devAccount, emitterCall, hex, relayCall, send } from '../helpers/rpcChain.ts'
import { rpc } from '../helpers/rpcClient.ts'

/**
 * Random traffic and random reorgs, then every address's history asked of ots_searchTransactions* and every
 * range of trace_filter, against what walking the canonical chain block by block says (eth_getBlockByNumber,
 * receipts and callTracer frames; trace_block): the answers follow the canonical chain, as eth_getLogs' do.
 */

interface Frame {
  from: Hex
  to?: Hex
  calls?: Frame[]
}

let chainsim: Chainsim
let url: string
let emitter: Hex
let relay: Hex
const strangers = ['0x00000000000000000000000000000000000000a1', '0x00000000000000000000000000000000000000a2'] as const

/** A small seeded generator, so that a failure can be run again. */
function generator(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0
    return state / 2 ** 32
  }
}

/** Each canonical transaction with the addresses it touches, newest first, read block by block. */
async function canonicalHistory(): Promise<{ hash: Hex; block: number; touched: Set<string> }[]> {
  const head = Number(await rpc<Hex>(url, 'eth_blockNumber'))
  const history = []
  for (let n = 1; n <= head; n++) {
    const block = await rpc(url, 'eth_getBlockByNumber', [hex(n), true])
    for (const tx of block.transactions) {
      const receipt = await rpc(url, 'eth_getTransactionReceipt', [tx.hash])
      const frame = await rpc<Frame>(url, 'debug_traceTransaction', [tx.hash, { tracer: 'callTracer' }])
      const touched = new Set<string>([tx.from, ...(tx.to ? [tx.to] : []), ...(receipt.contractAddress ? [receipt.contractAddress] : [])])
      for (const log of receipt.logs) touched.add(log.address)
      const visit = (f: Frame) => {
        touched.add(f.from)
        if (f.to) touched.add(f.to)
        for (const call of f.calls ?? []) visit(call)
      }
      visit(frame)
      history.push({ hash: tx.hash as Hex, block: n, touched })
    }
  }
  return history.reverse()
}

/** An address's whole history as Otterscan pages through it: Before from the head down, `size` at a time. */
async function pagedBefore(address: Hex, size: number): Promise<Hex[]> {
  const hashes: Hex[] = []
  for (let before = 0, pages = 0; pages < 100; pages++) {
    const page = await rpc(url, 'ots_searchTransactionsBefore', [address, before, size])
    hashes.push(...page.txs.map((t: { hash: Hex }) => t.hash))
    if (page.lastPage || page.txs.length === 0) break
    before = Number(page.txs.at(-1).blockNumber)
  }
  return hashes
}

async function traceBlocks(from: number, to: number): Promise<unknown[]> {
  const traces = []
  for (let n = from; n <= to; n++) traces.push(...(await rpc<unknown[]>(url, 'trace_block', [hex(n)])))
  return traces
}

describe('after random reorgs, the address search and trace_filter follow the canonical chain', () => {
  beforeAll(async () => {
    chainsim = await startChainsim()
    url = chainsim.url
    emitter = await deployEmitterViaRpc(url)
    relay = await deployRelayViaRpc(url)
  })

  afterAll(async () => {
    await chainsim?.close()
  })

  test('seeded traffic, eight reorgs', async () => {
    const random = generator(37)
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!
    const accounts = [0, 1, 2].map((i) => devAccount(i).address)
    for (let round = 0; round < 8; round++) {
      for (let i = 0; i < 3; i++) {
        const from = pick(accounts)
        const kind = pick(['transfer', 'forward', 'emit'] as const)
        if (kind === 'transfer') await send(url, { from, to: pick([...strangers, ...accounts]), value: hex(1 + round) })
        if (kind === 'forward') await send(url, { from, to: relay, value: hex(2), data: relayCall('forward', [pick(strangers), '0x']) })
        if (kind === 'emit') await send(url, { from, to: emitter, data: emitterCall('emitMany', [1n]) })
      }
      // Searched before the reorg too, so the index has something to take back.
      await rpc(url, 'ots_searchTransactionsBefore', [relay, 0, 5])
      await rpc(url, 'sim_reorg', [{ depth: 1 + Math.floor(random() * 3), length: 1 + Math.floor(random() * 3), reinclude: pick(['all', 'none'] as const) }])

      const history = await canonicalHistory()
      for (const address of [relay, emitter, ...strangers, ...accounts.map((a) => a.toLowerCase() as Hex)]) {
        const expected = history.filter((tx) => tx.touched.has(address)).map((tx) => tx.hash)
        const before = await rpc(url, 'ots_searchTransactionsBefore', [address, 0, 1000])
        const after = await rpc(url, 'ots_searchTransactionsAfter', [address, 0, 1000])
        expect(
          before.txs.map((t: { hash: Hex }) => t.hash),
          `round ${round}, ${address} before`,
        ).toEqual(expected)
        expect(
          after.txs.map((t: { hash: Hex }) => t.hash),
          `round ${round}, ${address} after`,
        ).toEqual(expected)
        expect(await pagedBefore(address, 2), `round ${round}, ${address} paged`).toEqual(expected)
      }

      const head = Number(await rpc<Hex>(url, 'eth_blockNumber'))
      const all = await traceBlocks(1, head)
      expect(await rpc(url, 'trace_filter', [{ fromBlock: '0x1', toBlock: hex(head) }]), `round ${round}`).toEqual(all)
      const toStranger = all.filter((t: any) => t.action.to === strangers[0])
      expect(await rpc(url, 'trace_filter', [{ toAddress: [strangers[0]] }]), `round ${round}`).toEqual(toStranger)
    }
  }, 240_000)
})
