import { describe, expect } from 'vitest'
import { deployEmitterViaRpc } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTest as test } from '../helpers/rpcTest.ts'

let url: string

test.beforeAll(async ({ server }) => {
  url = server.url
  await deployEmitterViaRpc(url)
})

describe('valid params', () => {
  test('the block eth_getBlockByNumber gives, by tag, hex number or JSON number', async () => {
    const latest = await rpc(url, 'eth_getBlockByNumber', ['latest', false])
    expect(await rpc(url, 'erigon_getHeaderByNumber', ['latest'])).toEqual(latest)
    expect(await rpc(url, 'erigon_getHeaderByNumber', [latest.number])).toEqual(latest)
    expect(await rpc(url, 'erigon_getHeaderByNumber', [Number(latest.number)])).toEqual(latest)
  })

  test('a block above the head → null', async () => {
    expect(await rpc(url, 'erigon_getHeaderByNumber', [1000])).toBeNull()
  })
})

describe('invalid params', () => {
  test('a word or a negative number is refused naming the argument', async () => {
    for (const bad of ['soon', -1]) {
      expect(await rpcError(url, 'erigon_getHeaderByNumber', [bad])).toMatchObject({ code: -32602, message: expect.stringContaining('argument 0') })
    }
  })
})
