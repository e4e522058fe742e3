import { describe, expect } from 'vitest'
import { devAccount, send, type DevServer } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTestWith } from '../helpers/rpcTest.ts'

const test = rpcTestWith([{ mining: { auto: false } }])
let server: DevServer
test.beforeAll(async ({ server: started }) => {
  server = started
})

const [a0, a1] = [devAccount(0).address, devAccount(1).address]

describe('valid params', () => {
  test('an id; the filter then gets the hashes of transactions entering the pool after it, once', async () => {
    const earlier = await send(server.url, { from: a0, to: a1, value: '0x1' })
    const id = await rpc<string>(server.url, 'eth_newPendingTransactionFilter')
    expect(id).toMatch(/^0x(0|[1-9a-f][0-9a-f]*)$/)
    const sent = [await send(server.url, { from: a0, to: a1, value: '0x2' }), await send(server.url, { from: a1, to: a0, value: '0x3' })]
    const got = await rpc(server.url, 'eth_getFilterChanges', [id])
    expect(got).toEqual(sent)
    expect(got).not.toContain(earlier)
    // Each is in the pool, as txpool_content lists it.
    const pooled = JSON.stringify(await rpc(server.url, 'txpool_content'))
    for (const hash of sent) expect(pooled).toContain(hash)
    expect(await rpc(server.url, 'eth_getFilterChanges', [id])).toEqual([])
  })

  test('mining them adds nothing: they entered the pool once', async () => {
    const id = await rpc<string>(server.url, 'eth_newPendingTransactionFilter')
    const hash = await send(server.url, { from: a0, to: a1, value: '0x4' })
    await rpc(server.url, 'evm_mine')
    expect(await rpc(server.url, 'eth_getFilterChanges', [id])).toEqual([hash])
    expect(await rpc(server.url, 'eth_getFilterChanges', [id])).toEqual([])
  })
})

describe('invalid params', () => {
  test('any argument → -32602 too many arguments', async () => {
    expect(await rpcError(server.url, 'eth_newPendingTransactionFilter', [true])).toMatchObject({
      code: -32602,
      message: expect.stringMatching(/too many arguments for eth_newPendingTransactionFilter/),
    })
  })
})
