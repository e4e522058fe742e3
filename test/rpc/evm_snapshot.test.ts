import type { Hex } from 'viem'
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

const [a0, a1] = [devAccount(0).address, devAccount(1).address]
const latest = () => rpc(url, 'eth_getBlockByNumber', ['latest', false])

describe('valid params', () => {
  test('an id, minimal hex and counting up, that evm_revert takes back to the chain as it was', async () => {
    const first = await rpc<Hex>(url, 'evm_snapshot')
    const second = await rpc<Hex>(url, 'evm_snapshot')
    expect(first).toMatch(/^0x(0|[1-9a-f][0-9a-f]*)$/)
    expect(BigInt(second)).toBeGreaterThan(BigInt(first))
    const tip = await latest()
    await rpc(url, 'anvil_mine', [3])
    expect(await rpc(url, 'evm_revert', [second])).toBe(true)
    expect(await latest()).toEqual(tip)
  })

  test('remembers the pool and the state: what was pooled and set after it is gone on revert, what was before stays', async () => {
    const before = await send(url, { from: a0, to: a1, value: '0x1' })
    const balance = await rpc(url, 'eth_getBalance', [a1, 'latest'])
    const id = await rpc<Hex>(url, 'evm_snapshot')
    const after = await send(url, { from: a0, to: a1, value: '0x2' })
    await rpc(url, 'anvil_setBalance', [a1, '0x1'])
    expect(await rpc(url, 'evm_revert', [id])).toBe(true)
    expect(await rpc(url, 'eth_getBalance', [a1, 'latest'])).toBe(balance)
    expect(await rpc(url, 'eth_getTransactionByHash', [after])).toBeNull()
    expect((await rpc(url, 'eth_getTransactionByHash', [before])).hash).toBe(before)
    expect(await rpc(url, 'txpool_status')).toEqual({ pending: '0x1', queued: '0x0' })
  })

  test('remembers the clock: a timestamp set after it does not survive the revert', async () => {
    const id = await rpc<Hex>(url, 'evm_snapshot')
    await rpc(url, 'evm_mine')
    const expected = (await latest()).timestamp
    await rpc(url, 'evm_revert', [id])
    const next = await rpc<Hex>(url, 'evm_snapshot')
    await rpc(url, 'evm_increaseTime', [1_000_000])
    await rpc(url, 'evm_revert', [next])
    await rpc(url, 'evm_mine')
    // Without the clock's jump: far below a million seconds on.
    expect(BigInt((await latest()).timestamp)).toBeLessThan(BigInt(expected) + 1_000_000n)
  })

  test('anvil_snapshot is the same method: its id is one evm_revert takes', async () => {
    const tip = await latest()
    const id = await rpc<Hex>(url, 'anvil_snapshot')
    await rpc(url, 'evm_mine')
    expect(await rpc(url, 'evm_revert', [id])).toBe(true)
    expect(await latest()).toEqual(tip)
  })
})

describe('invalid params', () => {
  test('any argument → -32602 too many arguments', async () => {
    expect(await rpcError(url, 'evm_snapshot', ['0x1'])).toMatchObject({
      code: -32602,
      message: expect.stringMatching(/too many arguments for evm_snapshot/),
    })
  })
})
