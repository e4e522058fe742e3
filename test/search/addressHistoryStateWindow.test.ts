import type { Hex } from 'viem'
import { expect } from 'vitest'
import { deployRelayViaRpc, devAccount, hex, relayCall, send } from '../helpers/rpcChain.ts'
import { rpc } from '../helpers/rpcClient.ts'
import { rpcTestWith } from '../helpers/rpcTest.ts'

// A network that keeps the states of its newest WINDOW blocks: the address index re-executes the blocks it can,
// and indexes older ones by what their receipts say instead of failing the search.
const WINDOW = 2
const test = rpcTestWith([{ name: 'dev', history: { stateBlocks: WINDOW } }])
const sender = devAccount(0).address
const stranger = '0x00000000000000000000000000000000000000bb'

const hashesOf = async (url: string, address: Hex): Promise<Hex[]> =>
  (await rpc(url, 'ots_searchTransactionsBefore', [address, 0, 100])).txs.map((t: { hash: Hex }) => t.hash)

test('blocks past the state window are indexed from their receipts; newer ones by their call trees', async ({ server }) => {
  const { url } = server
  const relay = await deployRelayViaRpc(url)
  const old = await send(url, { from: sender, to: relay, value: hex(1), data: relayCall('forward', [stranger, '0x']) })
  for (let i = 0; i < WINDOW + 1; i++) await send(url, { from: sender, to: devAccount(1).address, value: hex(1) })
  const recent = await send(url, { from: sender, to: relay, value: hex(1), data: relayCall('forward', [stranger, '0x']) })
  // The old forward's internal transfer to the stranger is only in a call tree its block can no longer give.
  expect(await hashesOf(url, stranger)).toEqual([recent])
  expect(await hashesOf(url, relay)).toEqual([recent, old, (await rpc(url, 'eth_getBlockByNumber', ['0x1', false])).transactions[0]])
  expect((await hashesOf(url, sender)).length).toBe(WINDOW + 4)
})
