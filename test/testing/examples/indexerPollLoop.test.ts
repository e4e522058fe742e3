import { createPublicClient, http, rpcSchema, type Log } from 'viem'
import { foundry } from 'viem/chains'
import { expect } from 'vitest'
import { ChainsimToken } from '../../../src/index.ts'
import type { ChainsimRpcSchema } from '../../../src/testing/index.ts'
import { test, withToken } from './chainsimTest.ts'

test("an indexer's poll loop stays right through two reorgs between two polls", async ({ chainsim }) => {
  const { wallet, token } = await withToken(chainsim)
  const client = createPublicClient({ chain: foundry, transport: http(chainsim.url), rpcSchema: rpcSchema<ChainsimRpcSchema>() })
  const filter = await client.createContractEventFilter({ address: token, abi: ChainsimToken.abi, eventName: 'Transfer' })
  // The indexer: one turn of its loop applies what the filter reports, undoing removed logs.
  const table = new Map<string, Log>()
  const pollOnce = async () => {
    for (const log of await client.getFilterChanges({ filter })) {
      const key = `${log.blockHash}:${log.logIndex}`
      if (log.removed) table.delete(key)
      else table.set(key, log)
    }
  }

  for (const value of [1n, 2n, 3n]) {
    await wallet.writeContract({ address: token, abi: ChainsimToken.abi, functionName: 'transfer', args: [chainsim.accounts[1]!.address, value] })
  }
  await pollOnce()
  await client.request({ method: 'sim_reorg', params: [{ depth: 2 }] }) // blocks 3-4 replaced; transfers 2 and 3 mined again in block 4
  await client.request({ method: 'sim_reorg', params: [{ depth: 2, reinclude: 'none' }] }) // blocks 4-5 replaced; those transfers back in the pool
  await pollOnce()

  const canonical = await client.getContractEvents({ address: token, abi: ChainsimToken.abi, eventName: 'Transfer', fromBlock: 2n })
  expect([...table.values()]).toEqual(canonical)
  expect(canonical.map((log) => log.args.value)).toEqual([1n])
})
