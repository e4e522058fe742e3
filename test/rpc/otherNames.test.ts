import type { Hex } from 'viem'
import { describe, expect } from 'vitest'
import { devAccount, hex } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTest as test } from '../helpers/rpcTest.ts'
import { wireTypedData } from '../helpers/typedData.ts'

// Anvil's, Hardhat's and Tenderly's other names for methods declared once (twinOf, hardhatTwin): each is the
// same method under its own name, answering as the client that names it does.

const alice = devAccount(0)
const mail = {
  domain: { name: 'Mail', version: '1', chainId: 31337 },
  types: { Mail: [{ name: 'contents', type: 'string' }] },
  primaryType: 'Mail',
  message: { contents: 'hello' },
} as const

describe('valid params', () => {
  test('anvil_increaseTime answers the total offset as evm_increaseTime does', async ({ server }) => {
    const first = BigInt(await rpc(server.url, 'evm_increaseTime', [100]))
    expect(BigInt(await rpc(server.url, 'anvil_increaseTime', [50]))).toBe(first + 50n)
  })

  test('anvil_setNextBlockTimestamp stamps the next block; null', async ({ server }) => {
    const head = await rpc(server.url, 'eth_getBlockByNumber', ['latest', false])
    const next = BigInt(head.timestamp) + 10_000n
    expect(await rpc(server.url, 'anvil_setNextBlockTimestamp', [Number(next)])).toBeNull()
    await rpc(server.url, 'evm_mine')
    expect(BigInt((await rpc(server.url, 'eth_getBlockByNumber', ['latest', false])).timestamp)).toBe(next)
  })

  test('anvil_setAutomine switches automine, answering null where evm_setAutomine answers true', async ({ server }) => {
    expect(await rpc(server.url, 'anvil_setAutomine', [false])).toBeNull()
    expect(await rpc(server.url, 'anvil_getAutomine')).toBe(false)
    expect(await rpc(server.url, 'anvil_setAutomine', [true])).toBeNull()
    expect(await rpc(server.url, 'anvil_getAutomine')).toBe(true)
  })

  test('anvil_setBlockGasLimit sets the next blocks’ gas limit; true', async ({ server }) => {
    expect(await rpc(server.url, 'anvil_setBlockGasLimit', ['0x1c9c381'])).toBe(true)
    await rpc(server.url, 'evm_mine')
    expect((await rpc(server.url, 'eth_getBlockByNumber', ['latest', false])).gasLimit).toBe('0x1c9c381')
    await rpc(server.url, 'anvil_setBlockGasLimit', ['0x1c9c380'])
  })

  test('anvil_snapshot and anvil_revert are evm_snapshot and evm_revert', async ({ server }) => {
    const account: Hex = '0x00000000000000000000000000000000000a1001'
    const id = await rpc(server.url, 'anvil_snapshot')
    expect(id).toMatch(/^0x[0-9a-f]+$/)
    await rpc(server.url, 'anvil_setBalance', [account, '0x99'])
    await rpc(server.url, 'evm_mine')
    expect(await rpc(server.url, 'anvil_revert', [id])).toBe(true)
    expect(await rpc(server.url, 'eth_getBalance', [account, 'latest'])).toBe('0x0')
    expect(await rpc(server.url, 'anvil_revert', [id])).toBe(false)
  })

  test('hardhat_dropAllTransactions empties the pool; null as Anvil', async ({ server }) => {
    await rpc(server.url, 'evm_setAutomine', [false])
    await rpc(server.url, 'eth_sendTransaction', [{ from: alice.address, to: alice.address }])
    expect((await rpc(server.url, 'txpool_status')).pending).toBe('0x1')
    expect(await rpc(server.url, 'hardhat_dropAllTransactions')).toBeNull()
    expect((await rpc(server.url, 'txpool_status')).pending).toBe('0x0')
    await rpc(server.url, 'evm_setAutomine', [true])
  })

  test('evm_setAccountNonce is anvil_setNonce', async ({ server }) => {
    const account: Hex = '0x00000000000000000000000000000000000a1002'
    expect(await rpc(server.url, 'evm_setAccountNonce', [account, '0x7'])).toBeNull()
    expect(await rpc(server.url, 'eth_getTransactionCount', [account, 'latest'])).toBe('0x7')
  })

  test('tenderly_setBalance is anvil_setBalance, answering null', async ({ server }) => {
    const account: Hex = '0x00000000000000000000000000000000000a1003'
    expect(await rpc(server.url, 'tenderly_setBalance', [account, hex(123n)])).toBeNull()
    expect(await rpc(server.url, 'eth_getBalance', [account, 'latest'])).toBe('0x7b')
  })

  test('eth_requestAccounts answers eth_accounts; eth_networkId answers net_version', async ({ server }) => {
    expect(await rpc(server.url, 'eth_requestAccounts')).toEqual(await rpc(server.url, 'eth_accounts'))
    expect(await rpc(server.url, 'eth_networkId')).toBe('31337')
  })

  test('eth_signTypedData and eth_signTypedData_v3 sign EIP-712 data as eth_signTypedData_v4 does', async ({ server }) => {
    const expected = await alice.signTypedData(mail)
    for (const method of ['eth_signTypedData', 'eth_signTypedData_v3', 'eth_signTypedData_v4']) {
      expect(await rpc(server.url, method, [alice.address, wireTypedData(mail)]), method).toBe(expected)
    }
  })
})

describe('invalid params', () => {
  const cases: Array<[string, unknown[], RegExp]> = [
    ['anvil_increaseTime', ['60'], /argument 0/],
    ['anvil_setNextBlockTimestamp', [], /missing value for required argument 0/],
    ['anvil_setAutomine', ['yes'], /invalid argument 0/],
    ['anvil_setBlockGasLimit', [], /missing value for required argument 0/],
    ['anvil_snapshot', [1], /too many arguments/],
    ['anvil_revert', [], /missing value for required argument 0/],
    ['hardhat_dropAllTransactions', [1], /too many arguments/],
    ['evm_setAccountNonce', ['0x1234', '0x1'], /invalid argument 0/],
    ['tenderly_setBalance', [['0x00000000000000000000000000000000000a1003'], '0x1'], /invalid argument 0/],
    ['eth_requestAccounts', [1], /too many arguments/],
    ['eth_networkId', [1], /too many arguments/],
    // MetaMask's v1 list form is not EIP-712 typed data.
    ['eth_signTypedData', [alice.address, [{ type: 'string', name: 'm', value: 'hi' }]], /invalid argument 1/],
    ['eth_signTypedData_v3', [alice.address], /missing value for required argument 1/],
  ]
  for (const [method, params, message] of cases) {
    test(`${method} ${JSON.stringify(params)} → -32602`, async ({ server }) => {
      const error = await rpcError(server.url, method, params)
      expect(error.code).toBe(-32602)
      expect(error.message).toMatch(message)
    })
  }
})
