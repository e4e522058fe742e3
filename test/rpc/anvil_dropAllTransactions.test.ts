import { describe, expect } from 'vitest'
import { devAccount, send, type DevServer } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTestWith } from '../helpers/rpcTest.ts'

const test = rpcTestWith([{ mining: { auto: false } }])
let server: DevServer
let url: string
test.beforeAll(async ({ server: started }) => {
  server = started
  url = server.url
})

describe('valid params', () => {
  test('the pool is emptied: pending and queued; the next block is empty and nonces go back', async () => {
    const [alice, bob] = [devAccount(0).address, devAccount(1).address]
    await send(url, { from: alice, to: bob })
    await send(url, { from: bob, to: alice, nonce: '0x5' })
    expect(await rpc(url, 'txpool_status')).toEqual({ pending: '0x1', queued: '0x1' })
    expect(await rpc(url, 'anvil_dropAllTransactions')).toBeNull()
    expect(await rpc(url, 'txpool_status')).toEqual({ pending: '0x0', queued: '0x0' })
    expect(await rpc(url, 'eth_getTransactionCount', [alice, 'pending'])).toBe('0x0')
    await rpc(url, 'evm_mine')
    expect((await rpc(url, 'eth_getBlockByNumber', ['latest', false])).transactions).toEqual([])
  })

  test('an empty pool stays empty', async () => {
    expect(await rpc(url, 'anvil_dropAllTransactions', [])).toBeNull()
  })
})

describe('invalid params', () => {
  test('any argument → -32602 too many arguments', async () => {
    expect(await rpcError(url, 'anvil_dropAllTransactions', ['all'])).toMatchObject({
      code: -32602,
      message: expect.stringMatching(/too many arguments for anvil_dropAllTransactions/),
    })
  })
})
