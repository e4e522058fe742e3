import type { Hex } from 'viem'
import { describe, expect } from 'vitest'
import { devAccount, receiptOf, send } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTest as test } from '../helpers/rpcTest.ts'

// Runtime code that returns the word 42: PUSH1 42, PUSH1 0, MSTORE, PUSH1 32, PUSH1 0, RETURN.
const RETURNS_42: Hex = '0x602a60005260206000f3'
// Runtime code that reverts with nothing: PUSH1 0, DUP1, REVERT.
const REVERTS: Hex = '0x600080fd'

describe('valid params', () => {
  test('the code is on the head: eth_getCode reads it and the EVM runs it; null, nothing mined', async ({ server }) => {
    const target: Hex = '0x00000000000000000000000000000000000c0de1'
    const head = await rpc(server.url, 'eth_blockNumber')
    expect(await rpc(server.url, 'anvil_setCode', [target, RETURNS_42])).toBeNull()
    expect(await rpc(server.url, 'eth_blockNumber')).toBe(head)
    expect(await rpc(server.url, 'eth_getCode', [target, 'latest'])).toBe(RETURNS_42)
    expect(BigInt(await rpc(server.url, 'eth_call', [{ to: target, data: '0x' }, 'latest']))).toBe(42n)
  })

  test('replacing code changes what a mined transaction does: the same call succeeds, then reverts', async ({ server }) => {
    const target: Hex = '0x00000000000000000000000000000000000c0de2'
    const from = devAccount(3).address
    await rpc(server.url, 'anvil_setCode', [target, RETURNS_42])
    expect((await receiptOf(server.url, await send(server.url, { from, to: target, gas: '0x30000' }))).status).toBe('0x1')
    await rpc(server.url, 'anvil_setCode', [target, REVERTS])
    expect((await receiptOf(server.url, await send(server.url, { from, to: target, gas: '0x30000' }))).status).toBe('0x0')
  })

  test('empty code removes it', async ({ server }) => {
    const target: Hex = '0x00000000000000000000000000000000000c0de3'
    await rpc(server.url, 'anvil_setCode', [target, RETURNS_42])
    await rpc(server.url, 'anvil_setCode', [target, '0x'])
    expect(await rpc(server.url, 'eth_getCode', [target, 'latest'])).toBe('0x')
    expect(await rpc(server.url, 'eth_call', [{ to: target, data: '0x' }, 'latest'])).toBe('0x')
  })

  test('hardhat_setCode answers true and sets it too', async ({ server }) => {
    const target: Hex = '0x00000000000000000000000000000000000c0de4'
    expect(await rpc(server.url, 'hardhat_setCode', [target, RETURNS_42])).toBe(true)
    expect(await rpc(server.url, 'eth_getCode', [target, 'latest'])).toBe(RETURNS_42)
  })
})

describe('invalid params', () => {
  const cases: Array<[string, unknown[], RegExp]> = [
    ['no params → -32602', [], /missing value for required argument 0/],
    ['no code → -32602', ['0x00000000000000000000000000000000000c0de1'], /missing value for required argument 1/],
    ['a short address → -32602', ['0x1234', RETURNS_42], /invalid argument 0/],
    ['code with an odd number of digits → -32602', ['0x00000000000000000000000000000000000c0de1', '0x602'], /invalid argument 1/],
    ['code that is not hex → -32602', ['0x00000000000000000000000000000000000c0de1', 'code'], /invalid argument 1/],
  ]
  for (const [name, params, message] of cases) {
    test(name, async ({ server }) => {
      const error = await rpcError(server.url, 'anvil_setCode', params)
      expect(error.code).toBe(-32602)
      expect(error.message).toMatch(message)
    })
  }
})
