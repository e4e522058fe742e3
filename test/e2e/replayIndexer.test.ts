import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import type { Hex } from 'viem'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { parseConfig } from '../../src/config/loadConfig.ts'
import { startServer } from '../../src/server.ts'
import type { RunningServer } from '../../src/server.ts'
import { generateHistory } from '../helpers/generatedHistory.ts'
import type { GeneratedHistory } from '../helpers/generatedHistory.ts'
import { hex } from '../helpers/rpcChain.ts'
import { rpc } from '../helpers/rpcClient.ts'
import { ReferenceIndexer } from './referenceIndexer/referenceIndexer.ts'
import type { IndexedLog } from './referenceIndexer/referenceIndexer.ts'

// "Run my indexer over real history, with that chain's reorgs": a generated history on a second chainsim is
// replayed at ten times its pace under a frequent reorg profile, while the test suite's reference indexer follows
// it over HTTP. It must end with exactly the canonical Transfer logs, as eth_getLogs gives them.
const CHAIN_ID = 1337

let upstream: RunningServer
let history: GeneratedHistory
let cacheDir: string

beforeAll(async () => {
  cacheDir = await mkdtemp(join(tmpdir(), 'chainsim-replay-indexer-'))
  upstream = await startServer(parseConfig({ networks: [{ name: 'upstream', chainId: CHAIN_ID, mining: { auto: false } }] }), { port: 0 })
  history = await generateHistory(`${upstream.networks[0]!.httpUrl}/v3/k`, { chainId: CHAIN_ID, blocks: 24 })
}, 120_000)

afterAll(async () => {
  await upstream?.close()
  if (cacheDir) await rm(cacheDir, { recursive: true, force: true })
})

/** The canonical Transfer logs of `token`, one eth_getLogs per canonical block (by its hash). */
async function canonicalLogs(url: string, head: bigint, token: Hex): Promise<IndexedLog[]> {
  const logs: IndexedLog[] = []
  for (let n = 0n; n <= head; n++) {
    const block = await rpc(url, 'eth_getBlockByNumber', [hex(n), false])
    for (const log of await rpc<Array<Record<string, Hex>>>(url, 'eth_getLogs', [{ address: token, blockHash: block.hash }])) {
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

test('the reference indexer follows a replay under a reorg profile and ends with the canonical Transfer logs', async () => {
  const fork = await startServer(
    parseConfig({
      networks: [
        {
          name: 'replay',
          fork: {
            url: `${upstream.networks[0]!.httpUrl}/v3/k`,
            blockNumber: Number(history.setupHead),
            cacheDir,
            replayTo: Number(history.head),
            replaySpeed: 10,
            replayPaused: true,
          },
          reorgs: { profile: { name: 'frequent', probability: 0.35, depths: { 1: 3, 2: 2, 3: 1 } }, seed: 11 },
        },
      ],
    }),
    { port: 0 },
  )
  const { node, httpUrl } = fork.networks[0]!
  const url = `${httpUrl}/v3/indexer`
  const indexer = new ReferenceIndexer({ url, address: history.token })
  try {
    await indexer.step()
    await rpc(url, 'sim_replay', [{ resume: true }])
    // The indexer polls while the replay mines and the profile reorganizes under it.
    while (!node.replay!.status.done && !node.replay!.status.mismatch && !node.replay!.status.error) {
      await indexer.step()
      await sleep(15)
    }
    const status = await rpc(url, 'sim_replay', [])
    expect(status).toMatchObject({ done: true })
    expect(status.mismatch).toBeUndefined()
    const reorgs = (await rpc(url, 'sim_network')).reorgs
    expect(reorgs).toBeGreaterThan(3)
    await indexer.syncTo({ number: node.head.number, hash: node.head.hashKey as Hex })
    const canonical = await canonicalLogs(url, node.head.number, history.token)
    expect(canonical.length).toBeGreaterThan(40)
    expect(indexer.logs).toEqual(canonical)
    // The replayed history is the upstream's: the same transfers, in the same blocks and positions.
    const theirs = await rpc<Array<Record<string, Hex>>>(`${upstream.networks[0]!.httpUrl}/v3/k`, 'eth_getLogs', [
      { address: history.token, fromBlock: hex(history.setupHead + 1n), toBlock: hex(history.head) },
    ])
    const mine = canonical.filter((log) => log.blockNumber > history.setupHead)
    expect(mine.map((l) => [l.blockNumber, l.logIndex, l.transactionHash, l.data])).toEqual(
      theirs.map((l) => [BigInt(l['blockNumber']!), Number(l['logIndex']), l['transactionHash'], l['data']]),
    )
  } finally {
    await indexer.stop()
    await fork.close()
  }
}, 60_000)
