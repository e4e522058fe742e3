import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { parseConfig } from '../../src/config/loadConfig.ts'
import { startServer } from '../../src/server.ts'
import { generateHistory } from '../helpers/generatedHistory.ts'
import type { GeneratedHistory } from '../helpers/generatedHistory.ts'
import { hex } from '../helpers/rpcChain.ts'
import { rpc } from '../helpers/rpcClient.ts'
import { hasAnvil, startAnvil } from '../helpers/anvil.ts'
import type { AnvilProcess } from '../helpers/anvil.ts'

// Another EVM as the upstream: Anvil (Prague) mines the generated history, chainsim replays it. Every block's
// transactions, receipts, bloom and gas agree, but for the last block's, where Anvil's transactions root commits to
// the blob transaction with its sidecar (its network form) where EIP-4844 puts only the transaction: the replay
// stops there and says so.
let anvil: AnvilProcess
let history: GeneratedHistory
let cacheDir: string
const BLOCKS = 4

beforeAll(async () => {
  if (!hasAnvil) return
  cacheDir = await mkdtemp(join(tmpdir(), 'chainsim-replay-anvil-'))
  anvil = await startAnvil(['--no-mining'])
  history = await generateHistory(anvil.url, { chainId: 31337, blocks: BLOCKS, blobBlock: BLOCKS - 1 })
}, 120_000)

afterAll(async () => {
  await anvil?.close()
  if (cacheDir) await rm(cacheDir, { recursive: true, force: true })
})

test.skipIf(!hasAnvil)('a replay of Anvil’s history agrees block by block, up to the block whose transactions root Anvil commits differently', async () => {
  const fork = await startServer(
    parseConfig({ networks: [{ name: 'replay', fork: { url: anvil.url, blockNumber: Number(history.setupHead), cacheDir, replayTo: Number(history.head) } }] }),
    { port: 0 },
  )
  try {
    const url = `${fork.networks[0]!.httpUrl}/v3/k`
    const status = await fork.networks[0]!.node.replay!.untilIdle()
    const blobBlock = history.head
    expect(status.mismatch).toMatchObject({ block: blobBlock, field: 'transactionsRoot' })
    expect(status.mismatch!.message).toMatch(
      /though each of its \d+ transactions has the upstream's hash: the upstream's trie commits to other bytes for one of them/,
    )
    for (let n = history.setupHead + 1n; n <= blobBlock; n++) {
      const [mine, theirs] = await Promise.all([rpc(url, 'eth_getBlockByNumber', [hex(n), false]), rpc(anvil.url, 'eth_getBlockByNumber', [hex(n), false])])
      for (const field of ['receiptsRoot', 'logsBloom', 'gasUsed', 'transactions', 'timestamp', 'baseFeePerGas'])
        expect(mine[field], `block ${n} ${field}`).toEqual(theirs[field])
      if (n < blobBlock) expect(mine.transactionsRoot, `block ${n} transactionsRoot`).toBe(theirs.transactionsRoot)
    }
    // The blob transaction itself is the one Anvil hashes as chainsim does, and its receipt agrees.
    const [blob] = history.kinds.blob
    const [mine, theirs] = await Promise.all([rpc(url, 'eth_getTransactionReceipt', [blob]), rpc(anvil.url, 'eth_getTransactionReceipt', [blob])])
    for (const field of ['status', 'gasUsed', 'blobGasUsed', 'blobGasPrice', 'transactionIndex']) expect(mine[field], field).toEqual(theirs[field])
  } finally {
    await fork.close()
  }
})
