import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startChainsim, type Chainsim } from '../../src/testing/index.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { countingProxy, spawnChainsim, type CountingProxy, type SpawnedNode } from '../helpers/upstream.ts'

// A fork of a real chainsim process through two counting proxies: after anvil_setRpcUrl, what the fork has not
// cached is read through the second, and the first sees nothing more.
let cacheDir: string
let upstream: SpawnedNode
let first: CountingProxy
let second: CountingProxy
let forked: Chainsim
let plain: Chainsim

beforeAll(async () => {
  cacheDir = await mkdtemp(join(tmpdir(), 'chainsim-setrpcurl-'))
  upstream = await spawnChainsim({ name: 'upstream', chainId: 1337 })
  first = await countingProxy(upstream.url)
  second = await countingProxy(upstream.url)
  forked = await startChainsim({ networks: [{ name: 'fork', fork: { url: first.url, cacheDir, retries: 1 } }] })
  plain = await startChainsim()
}, 120_000)

afterAll(async () => {
  await forked?.close()
  await plain?.close()
  await first?.close()
  await second?.close()
  await upstream?.kill()
  if (cacheDir) await rm(cacheDir, { recursive: true, force: true })
})

const unread = (n: number): Hex => `0x${n.toString(16).padStart(40, '0')}`

describe('valid params', () => {
  test('a fork reads what it has not cached from the new upstream; null', async () => {
    await rpc(forked.url, 'eth_getBalance', [unread(0xabc001), 'latest'])
    const firstBefore = first.calls.length
    expect(firstBefore).toBeGreaterThan(0)
    expect(await rpc(forked.url, 'anvil_setRpcUrl', [second.url])).toBeNull()
    await rpc(forked.url, 'eth_getBalance', [unread(0xabc002), 'latest'])
    expect(second.calls.length).toBeGreaterThan(0)
    expect(first.calls.length).toBe(firstBefore)
  })

  test('on a network that is no fork: nothing changes, null (as Anvil)', async () => {
    expect(await rpc(plain.url, 'anvil_setRpcUrl', ['http://127.0.0.1:1/'])).toBeNull()
    expect(await rpc(plain.url, 'eth_blockNumber')).toMatch(/^0x/)
  })
})

describe('invalid params', () => {
  const cases: Array<[string, unknown[], RegExp]> = [
    ['no params → -32602', [], /missing value for required argument 0/],
    ['not a URL → -32602', ['localhost 8545'], /invalid argument 0: "localhost 8545" is not an HTTP or HTTPS URL/],
    ['a WebSocket URL → -32602', ['ws://127.0.0.1:8545'], /invalid argument 0/],
    ['a number → -32602', [8545], /invalid argument 0/],
  ]
  for (const [name, params, message] of cases) {
    test(name, async () => {
      const error = await rpcError(plain.url, 'anvil_setRpcUrl', params)
      expect(error.code).toBe(-32602)
      expect(error.message).toMatch(message)
    })
  }
})
