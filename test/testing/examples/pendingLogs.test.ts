import { createPublicClient, createTestClient, http } from 'viem'
import { foundry } from 'viem/chains'
import { expect } from 'vitest'
import { ChainsimToken } from '../../../src/index.ts'
import { test, withToken } from './chainsimTest.ts'

test('a pending transfer: its log has no position until its block is mined', async ({ chainsim }) => {
  const { wallet, token } = await withToken(chainsim)
  const client = createPublicClient({ chain: foundry, transport: http(chainsim.url) })
  await createTestClient({ chain: foundry, mode: 'anvil', transport: http(chainsim.url) }).setAutomine(false) // reverted after the test
  const filter = await client.createContractEventFilter({ address: token, abi: ChainsimToken.abi, eventName: 'Transfer', toBlock: 'pending' })

  const hash = await wallet.writeContract({ address: token, abi: ChainsimToken.abi, functionName: 'transfer', args: [chainsim.accounts[1]!.address, 5n] })
  const unmined = { blockNumber: null, blockHash: null, logIndex: null, transactionHash: null, args: { value: 5n } }
  expect(await client.getContractEvents({ address: token, abi: ChainsimToken.abi, fromBlock: 'pending', toBlock: 'pending' })).toMatchObject([unmined])
  expect(await client.getFilterChanges({ filter })).toMatchObject([unmined])

  await createTestClient({ chain: foundry, mode: 'anvil', transport: http(chainsim.url) }).mine({ blocks: 1 })
  expect(await client.getFilterChanges({ filter })).toMatchObject([{ blockNumber: 2n, transactionHash: hash, args: { value: 5n } }])
})
