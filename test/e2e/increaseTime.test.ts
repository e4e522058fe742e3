import { createPublicClient, createTestClient, http } from 'viem'
import { foundry } from 'viem/chains'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { startChainsim, type Chainsim } from '../../src/testing/index.ts'
import { hasAnvil, startAnvil, type AnvilProcess } from '../helpers/anvil.ts'

/**
 * A Hardhat-style time test through viem's test client, on chainsim and on Anvil 1.7.1: a burst of blocks mined
 * within a second or two (chainsim stamps each a second after its parent, so its head runs ahead of the wall
 * clock), then `increaseTime(3600)` and `mine`: the new block is at least 3600 s after the previous one on both,
 * and no more than the wall-clock seconds the test took on top.
 */
let chainsim: Chainsim
let anvil: AnvilProcess | undefined
beforeAll(async () => {
  chainsim = await startChainsim()
  if (hasAnvil) anvil = await startAnvil()
}, 60_000)
afterAll(async () => {
  await chainsim?.close()
  await anvil?.close()
})

async function increaseAfterBurst(url: string): Promise<{ t0: bigint; t1: bigint; wallSeconds: bigint }> {
  const transport = http(url)
  const testClient = createTestClient({ chain: foundry, mode: 'anvil', transport })
  const client = createPublicClient({ chain: foundry, transport })
  const started = Date.now()
  await testClient.mine({ blocks: 1 })
  for (let i = 0; i < 8; i++) await testClient.mine({ blocks: 1 })
  const t0 = (await client.getBlock({ blockTag: 'latest' })).timestamp
  await testClient.increaseTime({ seconds: 3600 })
  await testClient.mine({ blocks: 1 })
  const t1 = (await client.getBlock({ blockTag: 'latest' })).timestamp
  return { t0, t1, wallSeconds: BigInt(Math.ceil((Date.now() - started) / 1000)) }
}

test('chainsim: increaseTime(3600) + mine after a burst of blocks moves the timestamp at least 3600 s', async () => {
  const { t0, t1, wallSeconds } = await increaseAfterBurst(chainsim.url)
  expect(t1 - t0).toBeGreaterThanOrEqual(3600n)
  expect(t1 - t0).toBeLessThanOrEqual(3600n + wallSeconds)
})

test.skipIf(!hasAnvil)('Anvil gives the same: at least 3600 s, at most the wall-clock seconds more', async () => {
  const { t0, t1, wallSeconds } = await increaseAfterBurst(anvil!.url)
  expect(t1 - t0).toBeGreaterThanOrEqual(3600n)
  expect(t1 - t0).toBeLessThanOrEqual(3600n + wallSeconds)
})
