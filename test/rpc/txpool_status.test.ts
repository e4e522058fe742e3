import { describe, expect } from 'vitest'
import { devAccount, hex, send, signRaw, type DevServer } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTestWith } from '../helpers/rpcTest.ts'

const test = rpcTestWith([{ mining: { auto: false } }])
let server: DevServer
test.beforeAll(async ({ server: started }) => {
  server = started
})

const GWEI = 10n ** 9n
const countsOf = async () => {
  const content = await rpc(server.url, 'txpool_content')
  const count = (bySender: Record<string, Record<string, unknown>>) => Object.values(bySender).reduce((sum, byNonce) => sum + Object.keys(byNonce).length, 0)
  return { pending: hex(count(content.pending)), queued: hex(count(content.queued)) }
}

describe('valid params', () => {
  test('counts what can run now and what waits behind a nonce gap, as txpool_content lists them', async () => {
    expect(await rpc(server.url, 'txpool_status')).toEqual({ pending: '0x0', queued: '0x0' })
    const [alice, bob] = [devAccount(0).address, devAccount(1).address]
    await send(server.url, { from: alice, to: bob, value: '0x1' })
    await send(server.url, { from: alice, to: bob, value: '0x2' })
    // Bob's next nonce is 0: one signed at nonce 2 waits.
    const gapped = await signRaw(server.url, 1, { to: alice, value: 1n, nonce: 2, gas: 21_000n, maxFeePerGas: 10n * GWEI, chainId: 31337 })
    await rpc(server.url, 'eth_sendRawTransaction', [gapped])
    expect(await rpc(server.url, 'txpool_status')).toEqual({ pending: '0x2', queued: '0x1' })
    expect(await rpc(server.url, 'txpool_status')).toEqual(await countsOf())
  })

  test('a transaction filling the gap moves the waiting one to pending; mining empties pending', async () => {
    const bob = devAccount(1).address
    await send(server.url, { from: bob, to: devAccount(0).address, nonce: '0x0' })
    await send(server.url, { from: bob, to: devAccount(0).address, nonce: '0x1' })
    expect(await rpc(server.url, 'txpool_status')).toEqual({ pending: '0x5', queued: '0x0' })
    await rpc(server.url, 'evm_mine')
    const mined = await rpc(server.url, 'eth_getBlockByNumber', ['latest', false])
    expect(mined.transactions).toHaveLength(5)
    expect(await rpc(server.url, 'txpool_status')).toEqual({ pending: '0x0', queued: '0x0' })
  })
})

describe('invalid params', () => {
  test('any argument → -32602 too many arguments', async () => {
    expect(await rpcError(server.url, 'txpool_status', ['pending'])).toMatchObject({
      code: -32602,
      message: expect.stringMatching(/too many arguments for txpool_status/),
    })
  })
})
