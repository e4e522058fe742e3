import type { Hex } from 'viem'
import { describe, expect } from 'vitest'
import { deployTokenViaRpc, devAccount, receiptOf, send, tokenCall, type DevServer } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTest } from '../helpers/rpcTest.ts'

const test = rpcTest
let server: DevServer
let token: Hex
test.beforeAll(async ({ server: started }) => {
  server = started
  token = await deployTokenViaRpc(server.url)
})

const [a0, a1] = [devAccount(0).address, devAccount(1).address]
const transfer = (amount: bigint) => send(server.url, { from: a0, to: token, data: tokenCall('transfer', [a1, amount]) })
const changes = (id: string) => rpc(server.url, 'eth_getFilterChanges', [id])

describe('valid params', () => {
  test('a log filter: what was mined since the last poll, as the receipts hold it; a poll drains it', async () => {
    const id = await rpc<string>(server.url, 'eth_newFilter', [{ address: token }])
    expect(await changes(id)).toEqual([])
    const first = [await transfer(1n), await transfer(2n)]
    expect(await changes(id)).toEqual([...(await receiptOf(server.url, first[0]!)).logs, ...(await receiptOf(server.url, first[1]!)).logs])
    expect(await changes(id)).toEqual([])
    const next = await transfer(3n)
    expect(await changes(id)).toEqual((await receiptOf(server.url, next)).logs)
  })

  test('a block filter: the hashes of the blocks mined since the last poll', async () => {
    const id = await rpc<string>(server.url, 'eth_newBlockFilter')
    const hash = await transfer(4n)
    expect(await changes(id)).toEqual([(await receiptOf(server.url, hash)).blockHash])
    expect(await changes(id)).toEqual([])
  })

  test('polls of two filters are independent: one drained, the other still holds its changes', async () => {
    const [drained, kept] = [await rpc<string>(server.url, 'eth_newBlockFilter'), await rpc<string>(server.url, 'eth_newBlockFilter')]
    await rpc(server.url, 'evm_mine')
    expect(await changes(drained)).toHaveLength(1)
    expect(await changes(drained)).toEqual([])
    expect(await changes(kept)).toHaveLength(1)
  })
})

describe('invalid params', () => {
  test('an id no filter has → -32000 filter not found', async () => {
    expect(await rpcError(server.url, 'eth_getFilterChanges', ['0xffffff'])).toEqual({ code: -32000, message: 'filter not found' })
  })

  test('no id → -32602', async () => {
    expect(await rpcError(server.url, 'eth_getFilterChanges', [])).toMatchObject({
      code: -32602,
      message: expect.stringMatching(/missing value for required argument 0/),
    })
  })

  test('two arguments → -32602 too many arguments', async () => {
    expect(await rpcError(server.url, 'eth_getFilterChanges', ['0x1', '0x2'])).toMatchObject({
      code: -32602,
      message: expect.stringMatching(/too many arguments/),
    })
  })
})
