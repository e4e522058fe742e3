import type { Hex } from 'viem'
import { describe, expect } from 'vitest'
import { devAccount, send } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTestWith } from '../helpers/rpcTest.ts'

const test = rpcTestWith([{ mining: { auto: false } }])
const sender = devAccount(4).address
let url: string
let mined: Hex[]

test.beforeAll(async ({ server }) => {
  url = server.url
  mined = []
  for (let i = 0; i < 3; i++) {
    mined.push(await send(url, { from: sender, to: devAccount(5).address, value: '0x1' }))
    await rpc(url, 'evm_mine')
  }
})

const bySenderAndNonce = (address: unknown, nonce: unknown) => rpc(url, 'eth_getTransactionBySenderAndNonce', [address, nonce])

describe('valid params', () => {
  test('each mined nonce → the transaction as eth_getTransactionByHash answers it', async () => {
    for (const [nonce, hash] of mined.entries()) {
      expect(await bySenderAndNonce(sender, `0x${nonce}`)).toEqual(await rpc(url, 'eth_getTransactionByHash', [hash]))
    }
  })

  test('a pooled nonce → the pooled transaction, with null block fields', async () => {
    const pooled = await send(url, { from: sender, to: devAccount(5).address, value: '0x2' })
    const found = await bySenderAndNonce(sender, '0x3')
    expect(found.hash).toBe(pooled)
    expect(found.blockNumber).toBeNull()
    await rpc(url, 'evm_mine')
    expect((await bySenderAndNonce(sender, '0x3')).blockNumber).toBe('0x4')
  })

  test('a nonce not used yet, or by an account that never sent → null', async () => {
    expect(await bySenderAndNonce(sender, '0x9')).toBeNull()
    expect(await bySenderAndNonce(devAccount(6).address, '0x0')).toBeNull()
  })

  test('a transaction a reorg dropped is no longer found on the canonical chain', async () => {
    const hash = (await bySenderAndNonce(sender, '0x3')).hash
    await rpc(url, 'sim_reorg', [{ depth: 1, drop: [hash] }])
    expect(await bySenderAndNonce(sender, '0x3')).toBeNull()
    expect((await bySenderAndNonce(sender, '0x2')).hash).toBe(mined[2])
  })

  test('a transaction a reorg re-mined elsewhere → found at its new block', async () => {
    const before = await bySenderAndNonce(sender, '0x2')
    const head = BigInt(await rpc(url, 'eth_blockNumber'))
    await rpc(url, 'sim_reorg', [{ depth: Number(head - BigInt(before.blockNumber)) + 1 }])
    const after = await bySenderAndNonce(sender, '0x2')
    expect(after.hash).toBe(before.hash)
    expect(after.blockHash).not.toBe(before.blockHash)
    expect(after).toEqual(await rpc(url, 'eth_getTransactionByHash', [before.hash]))
  })
})

describe('invalid params', () => {
  const cases: Array<[string, unknown[], RegExp]> = [
    ['a nonce that is not hex → -32602', [sender, 3], /argument 1: expected 0x-prefixed hex number/],
    ['an address that is too long → -32602', [`${sender}00`, '0x0'], /argument 0: hex string has length 42, want 40 for address/],
    ['no nonce → -32602', [sender], /missing value for required argument 1/],
  ]
  for (const [name, params, message] of cases) {
    test(name, async () => {
      const error = await rpcError(url, 'eth_getTransactionBySenderAndNonce', params)
      expect(error.code).toBe(-32602)
      expect(error.message).toMatch(message)
    })
  }
})
