import { describe, expect } from 'vitest'
import type { DevServer } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTest } from '../helpers/rpcTest.ts'

const test = rpcTest
let server: DevServer
test.beforeAll(async ({ server: started }) => {
  server = started
})

describe('valid params', () => {
  test('true, and the filter is gone: polling it → filter not found; a second uninstall → false', async () => {
    const id = await rpc<string>(server.url, 'eth_newFilter', [{}])
    expect(await rpc(server.url, 'eth_uninstallFilter', [id])).toBe(true)
    expect(await rpcError(server.url, 'eth_getFilterChanges', [id])).toEqual({ code: -32000, message: 'filter not found' })
    expect(await rpcError(server.url, 'eth_getFilterLogs', [id])).toEqual({ code: -32000, message: 'filter not found' })
    expect(await rpc(server.url, 'eth_uninstallFilter', [id])).toBe(false)
  })

  test('removes only that filter: another still gets its changes', async () => {
    const [removed, kept] = [await rpc<string>(server.url, 'eth_newBlockFilter'), await rpc<string>(server.url, 'eth_newBlockFilter')]
    expect(await rpc(server.url, 'eth_uninstallFilter', [removed])).toBe(true)
    await rpc(server.url, 'evm_mine')
    expect(await rpc(server.url, 'eth_getFilterChanges', [kept])).toEqual([(await rpc(server.url, 'eth_getBlockByNumber', ['latest', false])).hash])
  })

  test('an id no filter has → false', async () => {
    expect(await rpc(server.url, 'eth_uninstallFilter', ['0xffffff'])).toBe(false)
  })
})

describe('invalid params', () => {
  test('no id → -32602', async () => {
    expect(await rpcError(server.url, 'eth_uninstallFilter', [])).toMatchObject({
      code: -32602,
      message: expect.stringMatching(/missing value for required argument 0/),
    })
  })

  test('two arguments → -32602 too many arguments', async () => {
    expect(await rpcError(server.url, 'eth_uninstallFilter', ['0x1', '0x2'])).toMatchObject({
      code: -32602,
      message: expect.stringMatching(/too many arguments/),
    })
  })
})
