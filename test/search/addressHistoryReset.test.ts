import type { Hex } from 'viem'
import { expect } from 'vitest'
import { devAccount, hex, send } from '../helpers/rpcChain.ts'
import { rpc } from '../helpers/rpcClient.ts'
import { rpcTest as test } from '../helpers/rpcTest.ts'

const stranger = '0x00000000000000000000000000000000000000cc'
const hashesOf = async (url: string): Promise<Hex[]> =>
  (await rpc(url, 'ots_searchTransactionsBefore', [stranger, 0, 100])).txs.map((t: { hash: Hex }) => t.hash)

test('after anvil_reset the address search reads the new chain, not the old one', async ({ server }) => {
  const { url } = server
  const before = await send(url, { from: devAccount(0).address, to: stranger, value: hex(1) })
  expect(await hashesOf(url)).toEqual([before])
  await rpc(url, 'anvil_reset')
  expect(await hashesOf(url)).toEqual([])
  const after = await send(url, { from: devAccount(1).address, to: stranger, value: hex(2) })
  expect(await hashesOf(url)).toEqual([after])
})
