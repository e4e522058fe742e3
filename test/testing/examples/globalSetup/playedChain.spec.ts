import { createPublicClient, http } from 'viem'
import { expect, inject, test } from 'vitest'

test('every worker reads the chain the scenario played', async () => {
  const client = createPublicClient({ transport: http(inject('chainsim').url) })
  expect(await client.getBlockNumber()).toBe(3n) // the scenario replaced block 2 with a two-block branch
})
