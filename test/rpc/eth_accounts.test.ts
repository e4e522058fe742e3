import { describe, expect } from 'vitest'
import { devAccount, send, type DevServer } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTest } from '../helpers/rpcTest.ts'

const test = rpcTest
let server: DevServer
test.beforeAll(async ({ server: started }) => {
  server = started
})

describe('valid params', () => {
  test('the ten accounts of the Anvil/Hardhat mnemonic, in derivation order, lower case', async () => {
    const expected = Array.from({ length: 10 }, (_, i) => devAccount(i).address.toLowerCase())
    expect(await rpc(server.url, 'eth_accounts')).toEqual(expected)
  })

  test('each account is funded with 10,000 ETH and the node signs for it', async () => {
    const accounts = await rpc<string[]>(server.url, 'eth_accounts')
    expect(await rpc(server.url, 'eth_getBalance', [accounts[9], 'earliest'])).toBe(`0x${(10_000n * 10n ** 18n).toString(16)}`)
    const hash = await send(server.url, { from: accounts[9] as `0x${string}`, to: accounts[8] as `0x${string}`, value: '0x1' })
    expect((await rpc(server.url, 'eth_getTransactionReceipt', [hash])).status).toBe('0x1')
  })
})

describe('invalid params', () => {
  test('any argument → -32602 too many arguments', async () => {
    expect(await rpcError(server.url, 'eth_accounts', ['latest'])).toMatchObject({
      code: -32602,
      message: expect.stringMatching(/too many arguments for eth_accounts/),
    })
  })
})
