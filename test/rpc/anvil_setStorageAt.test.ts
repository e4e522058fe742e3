import type { Hex } from 'viem'
import { pad } from 'viem'
import { describe, expect } from 'vitest'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTest as test } from '../helpers/rpcTest.ts'

// Runtime code that returns its storage slot 1: PUSH1 1, SLOAD, PUSH1 0, MSTORE, PUSH1 32, PUSH1 0, RETURN.
const RETURNS_SLOT_1: Hex = '0x60015460005260206000f3'
const CONTRACT: Hex = '0x0000000000000000000000000000000000057071'

const slotOf = (url: string, slot: Hex): Promise<Hex> => rpc(url, 'eth_getStorageAt', [CONTRACT, slot, 'latest'])

describe('valid params', () => {
  test('the slot is on the head: eth_getStorageAt reads it, and the contract SLOADs it; true, nothing mined', async ({ server }) => {
    await rpc(server.url, 'anvil_setCode', [CONTRACT, RETURNS_SLOT_1])
    const word = pad('0xc0ffee')
    const head = await rpc(server.url, 'eth_blockNumber')
    expect(await rpc(server.url, 'anvil_setStorageAt', [CONTRACT, '0x1', word])).toBe(true)
    expect(await rpc(server.url, 'eth_blockNumber')).toBe(head)
    expect(await slotOf(server.url, '0x1')).toBe(word)
    expect(await rpc(server.url, 'eth_call', [{ to: CONTRACT, data: '0x' }, 'latest'])).toBe(word)
    // Only that slot: its neighbour is still zero.
    expect(await slotOf(server.url, '0x2')).toBe(pad('0x0'))
  })

  test('a slot written with leading zeros left out, and a value shorter than a word, are the same slot and word', async ({ server }) => {
    await rpc(server.url, 'anvil_setStorageAt', [CONTRACT, pad('0x1'), '0x07'])
    expect(await slotOf(server.url, '0x1')).toBe(pad('0x07'))
    expect(BigInt(await rpc(server.url, 'eth_call', [{ to: CONTRACT, data: '0x' }, 'latest']))).toBe(7n)
  })

  test('zero clears it', async ({ server }) => {
    await rpc(server.url, 'anvil_setStorageAt', [CONTRACT, '0x1', pad('0x1')])
    await rpc(server.url, 'anvil_setStorageAt', [CONTRACT, '0x1', pad('0x0')])
    expect(await slotOf(server.url, '0x1')).toBe(pad('0x0'))
  })

  test('hardhat_setStorageAt answers true and sets it too', async ({ server }) => {
    const word = pad('0xbeef')
    expect(await rpc(server.url, 'hardhat_setStorageAt', [CONTRACT, '0x3', word])).toBe(true)
    expect(await slotOf(server.url, '0x3')).toBe(word)
  })
})

describe('invalid params', () => {
  const cases: Array<[string, unknown[], RegExp]> = [
    ['no params → -32602', [], /missing value for required argument 0/],
    ['no value → -32602', [CONTRACT, '0x1'], /missing value for required argument 2/],
    ['a short address → -32602', ['0x1234', '0x1', pad('0x1')], /invalid argument 0/],
    ['a slot longer than 32 bytes → -32602', [CONTRACT, `0x${'1'.repeat(65)}`, pad('0x1')], /invalid argument 1/],
    ['a value longer than 32 bytes → -32602', [CONTRACT, '0x1', `0x${'11'.repeat(33)}`], /invalid argument 2: expected at most 32 bytes/],
  ]
  for (const [name, params, message] of cases) {
    test(name, async ({ server }) => {
      const error = await rpcError(server.url, 'anvil_setStorageAt', params)
      expect(error.code).toBe(-32602)
      expect(error.message).toMatch(message)
    })
  }
})
