import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { hexToBytes } from 'viem'
import type { Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { parseConfig } from '../../src/config/loadConfig.ts'
import { createForkedNode } from '../../src/fork/createForkedNode.ts'
import type { ForkedNode } from '../../src/fork/createForkedNode.ts'
import { startServer } from '../../src/server.ts'
import type { RunningServer } from '../../src/server.ts'
import { PoolEntry } from '../../src/txpool/poolEntry.ts'
import { TxPool } from '../../src/txpool/txPool.ts'
import { countingProxy } from '../helpers/upstream.ts'
import type { CountingProxy } from '../helpers/upstream.ts'

// Transactions a reorg took out of a forked chain going back to the pool, with the fork's real upstream (a
// served chainsim behind a proxy that can go down): only a transaction's own refusal may drop one.

let upstream: RunningServer
let proxy: CountingProxy
let cacheDir: string
let fork: ForkedNode
let pool: TxPool
let entry: PoolEntry

beforeAll(async () => {
  upstream = await startServer(parseConfig({ networks: [{ name: 'upstream', chainId: 1337 }] }), { port: 0 })
  proxy = await countingProxy(upstream.networks[0]!.httpUrl)
  cacheDir = await mkdtemp(join(tmpdir(), 'chainsim-pool-entry-'))
  fork = await createForkedNode({ url: proxy.url, cacheDir, retries: 0 }, { name: 'fork' })
}, 60_000)

afterAll(async () => {
  await fork?.close()
  await proxy?.close()
  await upstream?.close()
  if (cacheDir) await rm(cacheDir, { recursive: true, force: true })
})

beforeEach(() => {
  const { node } = fork
  pool = new TxPool()
  entry = new PoolEntry({
    chain: () => node.chain,
    pool,
    stateAt: (block) => node.execution.stateAt(block),
    nextBaseFee: () => node.nextBaseFee,
    nextBlobBaseFee: () => node.nextBlobBaseFee,
    blockGasLimit: () => node.settings.blockGasLimit,
  })
  proxy.outage = false
})

/** A transfer signed by a key the fork has never read the account of: checking it asks the upstream. */
async function fromUnreadAccount(nonce = 0): Promise<{ raw: Hex; hashKey: string }> {
  const account = privateKeyToAccount(generatePrivateKey())
  const raw = await account.signTransaction({
    chainId: Number(fork.node.chainId),
    type: 'eip1559',
    nonce,
    to: '0x00000000000000000000000000000000000000aa',
    value: 1n,
    gas: 21_000n,
    maxFeePerGas: 10n ** 11n,
    maxPriorityFeePerGas: 10n ** 9n,
  })
  return { raw, hashKey: fork.node.decodeTransaction(hexToBytes(raw)).hashKey }
}

describe('returnToPool on a forked chain', () => {
  test('an upstream failure keeps the transaction in the pool rather than dropping it', async () => {
    const { raw, hashKey } = await fromUnreadAccount()
    proxy.outage = true
    const asked = proxy.roundTrips
    await entry.returnToPool([fork.node.decodeTransaction(hexToBytes(raw))])
    // The upstream was really asked (and failed): the check could not be made, so the transaction stays.
    expect(proxy.roundTrips).toBeGreaterThan(asked)
    expect(pool.has(hashKey)).toBe(true)
  })

  test("the transaction's own refusal drops it: an account with nothing upstream cannot pay", async () => {
    const { raw, hashKey } = await fromUnreadAccount()
    const asked = proxy.roundTrips
    await entry.returnToPool([fork.node.decodeTransaction(hexToBytes(raw))])
    expect(proxy.roundTrips).toBeGreaterThan(asked)
    expect(pool.has(hashKey)).toBe(false)
  })

  test('a dev account whose nonce is still free goes back to the pool, a used nonce does not', async () => {
    const { node } = fork
    const alice = node.accounts[0]!
    await node.sendTransaction({ from: alice.address, to: alice.address, value: 1n })
    const nonce = await node.execution.stateAt(node.head).getNonce(alice.address)
    const fresh = await node.signing.signTransaction({ from: alice.address, to: alice.address, value: 1n, nonce })
    const used = await node.signing.signTransaction({ from: alice.address, to: alice.address, value: 2n, nonce: nonce - 1n })
    await entry.returnToPool([fresh, used])
    expect(pool.has(fresh.hashKey)).toBe(true)
    expect(pool.has(used.hashKey)).toBe(false)
  })
})
