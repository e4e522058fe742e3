import type { Hex } from 'viem'
import { describe, expect } from 'vitest'
import { deployTokenViaRpc, devAccount, hex, send, tokenCall, type DevServer } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTest } from '../helpers/rpcTest.ts'

const test = rpcTest
let server: DevServer
let token: Hex
let deployedAt: bigint
test.beforeAll(async ({ server: started }) => {
  server = started
  token = await deployTokenViaRpc(server.url)
  deployedAt = BigInt(await rpc(server.url, 'eth_blockNumber'))
})

const [a0, a1] = [devAccount(0).address, devAccount(1).address]
const transfer = (amount: bigint) => send(server.url, { from: a0, to: token, data: tokenCall('transfer', [a1, amount]) })

describe('valid params', () => {
  test("every log of the filter's criteria on the chain, whenever mined: what eth_getLogs answers for them", async () => {
    await transfer(1n)
    const criteria = { address: token, fromBlock: hex(deployedAt) }
    const id = await rpc<string>(server.url, 'eth_newFilter', [criteria])
    await transfer(2n)
    const logs = await rpc(server.url, 'eth_getFilterLogs', [id])
    expect(logs).toEqual(await rpc(server.url, 'eth_getLogs', [criteria]))
    // The deployment's mint and both transfers, from before and after installation.
    expect(logs).toHaveLength(3)
  })

  test('does not drain the changes, and is answered again in full', async () => {
    const id = await rpc<string>(server.url, 'eth_newFilter', [{ address: token }])
    const hash = await transfer(3n)
    const logs = await rpc(server.url, 'eth_getFilterLogs', [id])
    expect(logs.map((log: { transactionHash: Hex }) => log.transactionHash)).toEqual([hash])
    expect(await rpc(server.url, 'eth_getFilterLogs', [id])).toEqual(logs)
    expect(await rpc(server.url, 'eth_getFilterChanges', [id])).toEqual(logs)
  })
})

describe('invalid params', () => {
  test('a block filter has no logs → -32000', async () => {
    const id = await rpc<string>(server.url, 'eth_newBlockFilter')
    expect(await rpcError(server.url, 'eth_getFilterLogs', [id])).toMatchObject({ code: -32000 })
  })

  test('an id no filter has → -32000 filter not found', async () => {
    expect(await rpcError(server.url, 'eth_getFilterLogs', ['0xffffff'])).toEqual({ code: -32000, message: 'filter not found' })
  })

  test('no id → -32602', async () => {
    expect(await rpcError(server.url, 'eth_getFilterLogs', [])).toMatchObject({
      code: -32602,
      message: expect.stringMatching(/missing value for required argument 0/),
    })
  })
})
