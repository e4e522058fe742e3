import { describe, expect } from 'vitest'
import type { DevServer } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTest } from '../helpers/rpcTest.ts'

const test = rpcTest
let server: DevServer
test.beforeAll(async ({ server: started }) => {
  server = started
})

const hashOf = async (tag: string) => (await rpc(server.url, 'eth_getBlockByNumber', [tag, false])).hash

describe('valid params', () => {
  test('an id; the filter then gets the hashes of the blocks mined after it, in order, once', async () => {
    await rpc(server.url, 'evm_mine')
    const id = await rpc<string>(server.url, 'eth_newBlockFilter')
    expect(id).toMatch(/^0x(0|[1-9a-f][0-9a-f]*)$/)
    const mined: string[] = []
    for (let i = 0; i < 3; i++) {
      await rpc(server.url, 'evm_mine')
      mined.push(await hashOf('latest'))
    }
    expect(await rpc(server.url, 'eth_getFilterChanges', [id])).toEqual(mined)
    expect(await rpc(server.url, 'eth_getFilterChanges', [id])).toEqual([])
  })

  test('ids count up, and a new filter starts from its own installation', async () => {
    const first = await rpc<string>(server.url, 'eth_newBlockFilter')
    await rpc(server.url, 'evm_mine')
    const second = await rpc<string>(server.url, 'eth_newBlockFilter')
    expect(BigInt(second)).toBeGreaterThan(BigInt(first))
    await rpc(server.url, 'evm_mine')
    expect(await rpc(server.url, 'eth_getFilterChanges', [first])).toHaveLength(2)
    expect(await rpc(server.url, 'eth_getFilterChanges', [second])).toEqual([await hashOf('latest')])
  })
})

describe('invalid params', () => {
  test('any argument → -32602 too many arguments', async () => {
    expect(await rpcError(server.url, 'eth_newBlockFilter', [{}])).toMatchObject({
      code: -32602,
      message: expect.stringMatching(/too many arguments for eth_newBlockFilter/),
    })
  })
})
