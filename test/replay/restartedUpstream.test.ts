import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { parseConfig } from '../../src/config/loadConfig.ts'
import { startServer } from '../../src/server.ts'
import { hasAnvil, startAnvil } from '../helpers/anvil.ts'
import { devAccount, hex } from '../helpers/rpcChain.ts'
import { rpc } from '../helpers/rpcClient.ts'

// Every local devnet restarts with the same chain id and block numbers: two Anvils (chain id 31337) with other
// histories, replayed in turn from the same fork block number through one cache. The second must replay its own
// chain, not the first one's blocks kept in the cache: the fork block's hash is what a cache entry belongs to.
let cacheDir: string
beforeAll(async () => {
  cacheDir = await mkdtemp(join(tmpdir(), 'chainsim-restarted-upstream-'))
})
afterAll(async () => {
  if (cacheDir) await rm(cacheDir, { recursive: true, force: true })
})

/** Four blocks of one transfer each, of `base` wei and up: another `base`, another chain. */
async function history(url: string, base: number): Promise<void> {
  for (let i = 1; i <= 4; i++) {
    await rpc(url, 'eth_sendTransaction', [{ from: devAccount(0).address, to: devAccount(1).address, value: hex(base + i) }])
    await rpc(url, 'evm_mine')
  }
}

/** What a replayed block has of its upstream's (a fork's state root is its own: its trie holds only what was read). */
function replayedFields(block: Record<string, unknown> | null) {
  if (block === null) return null
  const { transactions, receiptsRoot, timestamp, gasUsed } = block
  return { transactions, receiptsRoot, timestamp, gasUsed }
}

async function replayed(url: string) {
  const config = parseConfig({ networks: [{ name: 'replay', fork: { url, blockNumber: 2, cacheDir, replayTo: 4 } }] })
  const server = await startServer(config, { port: 0 })
  try {
    const network = server.networks[0]!
    const status = await network.node.replay!.untilIdle()
    const local = `${network.httpUrl}/v3/k`
    const blocks = await Promise.all([3, 4].map((n) => rpc(local, 'eth_getBlockByNumber', [hex(n), false])))
    return { mismatch: status.mismatch, blocks: blocks.map(replayedFields) }
  } finally {
    await server.close()
  }
}

test.skipIf(!hasAnvil)(
  'a restarted upstream (same chain id, other history) replays its own blocks through the same cache',
  async () => {
    for (const base of [100, 7_000]) {
      const anvil = await startAnvil(['--no-mining'])
      try {
        await history(anvil.url, base)
        const upstream = await Promise.all([3, 4].map((n) => rpc(anvil.url, 'eth_getBlockByNumber', [hex(n), false])))
        const replay = await replayed(anvil.url)
        expect(replay.mismatch, replay.mismatch?.message).toBeUndefined()
        expect(replay.blocks, `upstream ${base}`).toEqual(upstream.map(replayedFields))
      } finally {
        await anvil.close()
      }
    }
  },
  120_000,
)
