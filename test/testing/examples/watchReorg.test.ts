import { createPublicClient, rpcSchema, webSocket } from 'viem'
import { foundry } from 'viem/chains'
import { expect, vi } from 'vitest'
import { ChainsimToken } from '../../../src/index.ts'
import type { ChainsimRpcSchema } from '../../../src/testing/index.ts'
import { test, withToken } from './chainsimTest.ts'

test('a watcher sees a transfer, its removal by a reorg, and the transfer mined again', async ({ chainsim }) => {
  const { wallet, token } = await withToken(chainsim)
  const client = createPublicClient({ chain: foundry, transport: webSocket(chainsim.wsUrl), rpcSchema: rpcSchema<ChainsimRpcSchema>() })
  const seen: Array<{ removed: boolean; blockNumber: bigint | null }> = []
  const unwatch = client.watchContractEvent({ address: token, abi: ChainsimToken.abi, eventName: 'Transfer', onLogs: (logs) => seen.push(...logs) })
  await vi.waitFor(() => expect(chainsim.node.subscriptions.size).toBe(1)) // viem subscribes in the background

  await wallet.writeContract({ address: token, abi: ChainsimToken.abi, functionName: 'transfer', args: [chainsim.accounts[1]!.address, 5n] }) // block 2
  await chainsim.node.reorgs.simReorg({ depth: 1 }) // or sim_reorg from any client: block 2 replaced, the transfer mined again in block 3
  await client.request({ method: 'sim_settle' }) // answered behind every notification on this socket: no sleeping
  expect(seen.map((log) => [log.removed, log.blockNumber])).toEqual([
    [false, 2n],
    [true, 2n],
    [false, 3n],
  ])
  unwatch()
})
