import { afterAll, beforeAll, expect, test } from 'vitest'
import { createPublicClient, http } from 'viem'
import { startChainsim } from '../../../src/testing/index.ts'
import type { Chainsim } from '../../../src/testing/index.ts'

let chainsim: Chainsim
beforeAll(async () => {
  chainsim = await startChainsim() // one network, `dev`, chain id 31337, on a free port
})
afterAll(() => chainsim.close())

test('the chain answers', async () => {
  const client = createPublicClient({ transport: http(chainsim.url) })
  expect(await client.getChainId()).toBe(31337)
})
