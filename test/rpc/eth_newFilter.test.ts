import { keccak256, pad, toHex, type Hex } from 'viem'
import { describe, expect } from 'vitest'
import { deployEmitterViaRpc, deployTokenViaRpc, devAccount, emitterCall, hex, receiptOf, send, tokenCall, type DevServer } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTest } from '../helpers/rpcTest.ts'

const test = rpcTest
let server: DevServer
let token: Hex
let emitter: Hex
test.beforeAll(async ({ server: started }) => {
  server = started
  token = await deployTokenViaRpc(server.url)
  emitter = await deployEmitterViaRpc(server.url)
})

const TRANSFER = keccak256(toHex('Transfer(address,address,uint256)'))
const [a0, a1, a2] = [0, 1, 2].map((i) => devAccount(i).address) as [Hex, Hex, Hex]
const transfer = (to: Hex, amount: bigint) => send(server.url, { from: a0, to: token, data: tokenCall('transfer', [to, amount]) })
const changes = (id: string) => rpc(server.url, 'eth_getFilterChanges', [id])

describe('valid params', () => {
  test('an id, minimal hex; the filter then gets the matching logs mined after it, as their receipts hold them', async () => {
    const before = await transfer(a1, 1n)
    const id = await rpc<string>(server.url, 'eth_newFilter', [{ address: token }])
    expect(id).toMatch(/^0x(0|[1-9a-f][0-9a-f]*)$/)
    const after = await transfer(a1, 2n)
    await send(server.url, { from: a0, to: emitter, data: emitterCall('emitMany', [2n]) })
    const got = await changes(id)
    expect(got).toEqual((await receiptOf(server.url, after)).logs)
    expect(got.map((log: { transactionHash: Hex }) => log.transactionHash)).not.toContain(before)
  })

  test('its topics select: only the transfers to one holder', async () => {
    const id = await rpc<string>(server.url, 'eth_newFilter', [{ address: token, topics: [TRANSFER, null, pad(a2)] }])
    await transfer(a1, 3n)
    const toA2 = await transfer(a2, 4n)
    expect(await changes(id)).toEqual((await receiptOf(server.url, toA2)).logs)
  })

  test('a range ending in the future: its logs come as those blocks are mined, none past its end', async () => {
    const head = BigInt(await rpc(server.url, 'eth_blockNumber'))
    const id = await rpc<string>(server.url, 'eth_newFilter', [{ address: token, fromBlock: hex(head + 1n), toBlock: hex(head + 2n) }])
    const inside = [await transfer(a1, 5n), await transfer(a1, 6n)]
    await transfer(a1, 7n)
    const got = await changes(id)
    expect(got.map((log: { transactionHash: Hex }) => log.transactionHash)).toEqual(inside)
  })

  test('each filter is its own: two installed on the same criteria get different ids and the same logs', async () => {
    const [first, second] = [
      await rpc<string>(server.url, 'eth_newFilter', [{ address: token }]),
      await rpc<string>(server.url, 'eth_newFilter', [{ address: token }]),
    ]
    expect(first).not.toBe(second)
    await transfer(a1, 8n)
    const got = await changes(first)
    expect(got).toHaveLength(1)
    expect(await changes(second)).toEqual(got)
  })
})

describe('invalid params', () => {
  test('a range reversed → -32602, and nothing installed', async () => {
    const head = BigInt(await rpc(server.url, 'eth_blockNumber'))
    const before = BigInt(await rpc(server.url, 'eth_newBlockFilter'))
    expect(await rpcError(server.url, 'eth_newFilter', [{ fromBlock: hex(head), toBlock: hex(head - 1n) }])).toMatchObject({
      code: -32602,
      message: 'invalid block range params',
    })
    // The next id shows that the refused filter took none.
    expect(BigInt(await rpc(server.url, 'eth_newBlockFilter'))).toBe(before + 1n)
  })

  const cases: Array<[string, unknown[], RegExp]> = [
    ['no params → -32602', [], /missing value for required argument 0/],
    ['five topic positions → -32602', [{ topics: [TRANSFER, null, null, null, null] }], /exceed max topics/],
    ['a blockHash with a range → -32602', [{ blockHash: pad('0x1'), fromBlock: '0x1' }], /./],
    ['a block that is not a tag or number → -32602', [{ fromBlock: 'sometime' }], /./],
    ['a short address → -32602', [{ address: '0x1234' }], /./],
  ]
  for (const [name, params, message] of cases) {
    test(name, async () => {
      const error = await rpcError(server.url, 'eth_newFilter', params)
      expect(error.code).toBe(-32602)
      expect(error.message).toMatch(message)
    })
  }
})
