import { createPublicClient, http } from 'viem'
import { afterAll, expect, test } from 'vitest'
import { startChainsim } from '../../../../src/testing/index.ts'

// A worker that needs a chain of its own starts one beside the shared one: each gets free ports.
const chainsim = await startChainsim({ networks: [{ chainId: 1337 }] })
afterAll(() => chainsim.close())

test('a worker starts its own chainsim, on its own ports', async () => {
  expect(await createPublicClient({ transport: http(chainsim.url) }).getChainId()).toBe(1337)
})
