import { getAddress } from 'viem'
import { describe, expect } from 'vitest'
import { devAccount, send, signRaw, type DevServer } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTestWith } from '../helpers/rpcTest.ts'

const test = rpcTestWith([{ mining: { auto: false } }])
let server: DevServer
test.beforeAll(async ({ server: started }) => {
  server = started
})

const GWEI = 10n ** 9n

describe('valid params', () => {
  test('every pooled transaction by checksummed sender and decimal nonce, each as eth_getTransactionByHash answers it', async () => {
    expect(await rpc(server.url, 'txpool_content')).toEqual({ pending: {}, queued: {} })
    const [alice, bob] = [devAccount(0).address, devAccount(1).address]
    const first = await send(server.url, { from: alice, to: bob, value: '0x1' })
    const second = await send(server.url, { from: alice, to: bob, value: '0x2', data: '0xabcd' })
    const gapped = await signRaw(server.url, 1, { to: alice, value: 3n, nonce: 4, gas: 21_000n, maxFeePerGas: 10n * GWEI, chainId: 31337 })
    const waiting = await rpc(server.url, 'eth_sendRawTransaction', [gapped])

    const content = await rpc(server.url, 'txpool_content')
    expect(Object.keys(content.pending)).toEqual([getAddress(alice)])
    expect(Object.keys(content.pending[getAddress(alice)])).toEqual(['0', '1'])
    expect(Object.keys(content.queued)).toEqual([getAddress(bob)])
    expect(Object.keys(content.queued[getAddress(bob)])).toEqual(['4'])
    const listed = [
      [content.pending[getAddress(alice)]['0'], first],
      [content.pending[getAddress(alice)]['1'], second],
      [content.queued[getAddress(bob)]['4'], waiting],
    ] as const
    for (const [entry, hash] of listed) {
      expect(entry.hash).toBe(hash)
      expect(entry).toEqual(await rpc(server.url, 'eth_getTransactionByHash', [hash]))
    }
    expect(content.pending[getAddress(alice)]['1'].input).toBe('0xabcd')
  })

  test('mined transactions leave it; the one behind the gap stays queued', async () => {
    await rpc(server.url, 'evm_mine')
    const content = await rpc(server.url, 'txpool_content')
    expect(content.pending).toEqual({})
    expect(Object.keys(content.queued[getAddress(devAccount(1).address)])).toEqual(['4'])
  })
})

describe('invalid params', () => {
  test('any argument → -32602 too many arguments', async () => {
    expect(await rpcError(server.url, 'txpool_content', ['pending'])).toMatchObject({
      code: -32602,
      message: expect.stringMatching(/too many arguments for txpool_content/),
    })
  })
})
