import { fileURLToPath } from 'node:url'
import type { Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { formatReport } from '../../../src/scenarios/formatReport.ts'
import { playScenario } from '../../../src/scenarios/playScenario.ts'
import type { RunningNetwork, RunningServer } from '../../../src/server.ts'
import { devAccount, hex, tokenCall } from '../../helpers/rpcChain.ts'
import { postJson, request, rpc } from '../../helpers/rpcClient.ts'
import { waitFor } from '../../helpers/wsClient.ts'
import { NaiveIndexer } from './naiveIndexer.ts'
import { providerError } from './providerError.ts'
import { ReferenceIndexer, type IndexedLog } from './referenceIndexer.ts'

/**
 * The proof that chainsim's provider realism is useful: the example scenarios `indexer-*.yaml` are played and
 * served, and a reference indexer (./referenceIndexer.ts) is run against them through every provider profile
 * and every fault kind, with the chain moving under it (transfers, reorgs). Each time it must end with exactly
 * the canonical Transfer logs, as eth_getLogs of the canonical chain gives them once the faults are cleared.
 * A naive indexer is shown to fail on each, with the error each gives.
 */

const SCENARIOS = fileURLToPath(new URL('../../../scenarios/', import.meta.url))

interface Served {
  server: RunningServer
  token: Hex
  network(name: string): { url: string; wsUrl: string; node: RunningNetwork['node'] }
}

async function serve(file: string): Promise<Served> {
  const played = await playScenario(`${SCENARIOS}${file}`)
  expect(played.report.ok, formatReport(played.report)).toBe(true)
  const server = await played.serve({ port: 0 })
  const token = played.names['token'] as Hex
  return {
    server,
    token,
    network: (name) => {
      const network = server.networks.find((n) => n.name === name)!
      return { url: `${network.httpUrl}/v3/indexer`, wsUrl: `${network.wsUrl}/ws/v3/indexer`, node: network.node }
    },
  }
}

/** The head of a served network, read in-process: what the indexer must reach. */
const headOf = (node: RunningNetwork['node']) => ({ number: node.head.number, hash: `0x${Buffer.from(node.head.hash).toString('hex')}` as Hex })

/** A call the faults may refuse for a while (a rate limit, a lagging replica): retried until it is answered. */
async function persist<T>(url: string, method: string, params: unknown[]): Promise<T> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const { body } = await postJson(url, request(method, params, 1))
    if (body.error === undefined) return body.result as T
    if (body.error.code !== 429) throw new Error(`${method}: ${JSON.stringify(body.error)}`)
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
  throw new Error(`${method}: still refused`)
}

let nonceFree = 3
/** A token transfer from Alice to a fresh recipient, mined at once (automine). */
const transfer = (url: string, token: Hex) =>
  persist<Hex>(url, 'eth_sendTransaction', [
    { from: devAccount(0).address, to: token, data: tokenCall('transfer', [devAccount(nonceFree++ % 10).address, 10n ** 18n]), gas: hex(100_000) },
  ])

/**
 * The canonical Transfer logs of `token`, by eth_getLogs once the faults are cleared: one query per block (by
 * its hash), so that no profile's cap applies.
 */
async function canonicalLogs(url: string, node: RunningNetwork['node'], token: Hex): Promise<IndexedLog[]> {
  await rpc(url, 'sim_fault', [{ kind: 'none' }])
  const logs: IndexedLog[] = []
  for (let n = 0n; n <= node.head.number; n++) {
    const block = await rpc(url, 'eth_getBlockByNumber', [hex(n), false])
    const found = await rpc<Array<Record<string, Hex>>>(url, 'eth_getLogs', [{ address: token, blockHash: block.hash }])
    for (const log of found) {
      logs.push({
        blockNumber: BigInt(log['blockNumber']!),
        blockHash: log['blockHash']!,
        logIndex: Number(log['logIndex']),
        transactionHash: log['transactionHash']!,
        topics: log['topics'] as unknown as Hex[],
        data: log['data']!,
      })
    }
  }
  return logs
}

/** The indexer steps between changes to the chain, as a live indexer's rounds interleave with blocks. */
async function stepBetween(indexer: ReferenceIndexer, changes: Array<() => Promise<unknown>>): Promise<void> {
  for (const change of changes) {
    await change()
    await indexer.step()
    await indexer.step()
  }
}

/** Lets the indexer reach the head, stops it, and holds what it kept to the canonical chain's logs. */
async function expectCanonicalAtHead(indexer: ReferenceIndexer, network: { url: string; node: RunningNetwork['node'] }, token: Hex): Promise<void> {
  await indexer.syncTo(headOf(network.node))
  await indexer.stop()
  expect(indexer.logs).toEqual(await canonicalLogs(network.url, network.node, token))
}

describe('through every provider profile (scenarios/indexer-provider-limits.yaml)', () => {
  let served: Served
  beforeAll(async () => {
    served = await serve('indexer-provider-limits.yaml')
  })
  afterAll(() => served?.server.close())

  test.each([
    ['infura', -32005, 'query returned more than 3 results. Try with this block range [0x0, 0x3].'],
    ['alchemy', -32602, 'Log response size exceeded.'],
    ['quicknode', -32614, 'eth_getLogs is limited to a 2 range'],
    ['geth', -32000, 'exceed maximum block range: 2'],
    ['stubborn', -32005, 'query returned more than 3 results. Try with this block range [0x0, 0x4].'],
    ['overshooting', -32602, 'this block range should work: [0x0, 0x3]'],
  ])('%s: the naive indexer stops at its first eth_getLogs (%i)', async (name, code, words) => {
    const naive = new NaiveIndexer(served.network(name).url, served.token)
    const error = await naive.start().then(
      () => undefined,
      (e: unknown) => e,
    )
    expect(providerError(error).code).toBe(code)
    expect(providerError(error).message).toContain(words)
    expect(naive.logs).toEqual([])
  })

  test.each(['infura', 'alchemy', 'quicknode', 'geth', 'stubborn', 'overshooting'])(
    '%s: the reference indexer splits its ranges, follows a reorg, and ends with exactly the canonical logs',
    async (name) => {
      const { url, node } = served.network(name)
      const indexer = new ReferenceIndexer({ url, address: served.token })
      await indexer.syncTo(headOf(node))
      await stepBetween(indexer, [
        () => transfer(url, served.token),
        () => transfer(url, served.token),
        () => rpc(url, 'sim_reorg', [{ depth: 2 }]),
        () => transfer(url, served.token),
      ])
      await expectCanonicalAtHead(indexer, { url, node }, served.token)
      expect(indexer.stats.splits).toBeGreaterThan(0)
      expect(indexer.stats.rollbacks).toBeGreaterThan(0)
    },
  )
})

describe('through lagging replicas, lost filters, failed batch items and a rate limit (scenarios/indexer-flaky-replicas.yaml)', () => {
  let served: Served
  beforeAll(async () => {
    served = await serve('indexer-flaky-replicas.yaml')
  })
  afterAll(() => served?.server.close())

  test('a reorg during a lag: the reference indexer ends with exactly the canonical logs', async () => {
    const { url, node } = served.network('flaky')
    const indexer = new ReferenceIndexer({ url, address: served.token })
    // First a budget of 200 compute units that hardly refills: its first steps are refused with 429 for sure.
    await rpc(url, 'sim_fault', [{ kind: 'rateLimit', provider: 'alchemy', unitsPerSecond: 1, burstSeconds: 200 }])
    for (let i = 0; i < 4; i++) await indexer.step()
    expect(indexer.stats.retries.rateLimited).toBeGreaterThan(0)
    // Then the scenario's own: 20,000 units a second in a bucket of 1,000.
    await rpc(url, 'sim_fault', [{ kind: 'rateLimit', provider: 'alchemy', unitsPerSecond: 20_000, burstSeconds: 0.05 }])
    await indexer.syncTo(headOf(node))
    await stepBetween(indexer, [() => transfer(url, served.token), () => transfer(url, served.token)])
    await indexer.syncTo(headOf(node))
    // Every read lags three blocks for a while, and the two blocks the indexer holds last are replaced where
    // it cannot see yet: it learns of the reorg only from a hash, once it sees that far again.
    await rpc(url, 'sim_fault', [{ kind: 'lag', blocks: 3, count: 12 }])
    await stepBetween(indexer, [() => rpc(url, 'sim_reorg', [{ depth: 2 }]), () => transfer(url, served.token), () => transfer(url, served.token)])
    await expectCanonicalAtHead(indexer, { url, node }, served.token)
    expect(indexer.stats.rollbacks).toBeGreaterThan(0)
    expect(indexer.stats.filtersRecreated).toBeGreaterThan(0)
    expect(indexer.stats.retries.behindHead).toBeGreaterThan(0)
    expect(indexer.stats.retries.failedItem).toBeGreaterThan(0)
  })
})

describe('through sockets that drop (scenarios/indexer-socket-drops.yaml)', () => {
  let served: Served
  beforeAll(async () => {
    served = await serve('indexer-socket-drops.yaml')
  })
  afterAll(() => served?.server.close())

  test('the naive indexer stops at its first poll of a filter the provider lost', async () => {
    const { url } = served.network('live')
    const naive = new NaiveIndexer(url, served.token)
    await naive.start()
    await rpc(url, 'sim_fault', [{ kind: 'lostFilter', count: 1 }])
    const error = await naive.poll().then(
      () => undefined,
      (e: unknown) => e,
    )
    expect(providerError(error)).toMatchObject({ code: -32000, message: 'filter not found' })
  })

  test('a socket drop during a reorg: the reference indexer reconnects, resubscribes, and ends with exactly the canonical logs', async () => {
    const { url, wsUrl, node } = served.network('live')
    const indexer = new ReferenceIndexer({ url, wsUrl, address: served.token })
    await indexer.syncTo(headOf(node))
    // The scenario's own (in-process) subscription, and the indexer's.
    const subscribed = await waitFor(
      () => node.subscriptions.size,
      (n) => n === 2,
      'the subscription',
    )
    await stepBetween(indexer, [
      () => transfer(url, served.token),
      // The socket is cut right after the reorg's first notification (a removed log): the rest is lost.
      () => rpc(url, 'sim_fault', [{ kind: 'wsDrop', afterMessages: 1, count: 1 }]),
      () => rpc(url, 'sim_reorg', [{ depth: 2 }]),
    ])
    await waitFor(
      () => indexer.stats.socketDrops,
      (n) => n > 0,
      'the socket to drop',
    )
    await waitFor(
      () => node.subscriptions.size,
      (n) => n === subscribed,
      'viem to reconnect and subscribe again',
    )
    await stepBetween(indexer, [() => transfer(url, served.token), () => transfer(url, served.token)])
    await expectCanonicalAtHead(indexer, { url, node }, served.token)
    expect(indexer.stats.rollbacks).toBeGreaterThan(0)
  })
})
