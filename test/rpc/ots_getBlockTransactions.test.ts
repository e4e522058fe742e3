import type { Hex } from 'viem'
import { describe, expect } from 'vitest'
import { buildOtterscanChain, type OtterscanChain } from '../helpers/otterscanChain.ts'
import { receiptOf } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTest as test } from '../helpers/rpcTest.ts'

let url: string
let chain: OtterscanChain
const call = <T = any>(...params: unknown[]) => rpc<T>(url, 'ots_getBlockTransactions', params)
const refusal = (...params: unknown[]) => rpcError(url, 'ots_getBlockTransactions', params)

test.beforeAll(async ({ server }) => {
  url = server.url
  chain = await buildOtterscanChain(url)
})

describe('valid params', () => {
  test('a page of the block with full transactions and receipts carrying the block timestamp', async () => {
    const receipt = await receiptOf(url, chain.reverted)
    const page = await call(Number(receipt.blockNumber), 0, 25)
    expect(page.fullblock.transactions.map((t: { hash: Hex }) => t.hash)).toEqual([chain.reverted])
    expect(page.fullblock.transactionCount).toBe(1)
    expect(page.receipts).toEqual([{ ...receipt, timestamp: page.fullblock.timestamp }])
  })

  test("a page past the end is empty, the count still the block's", async () => {
    const receipt = await receiptOf(url, chain.reverted)
    const page = await call(Number(receipt.blockNumber), 1, 25)
    expect(page.fullblock.transactions).toEqual([])
    expect(page.receipts).toEqual([])
    expect(page.fullblock.transactionCount).toBe(1)
  })
})

describe('invalid params', () => {
  test('a block above the head is not found', async () => {
    expect(await refusal(999, 0, 25)).toMatchObject({ code: -32000, message: 'block not found' })
  })

  test('hex numbers, a zero page size and missing params are refused naming the argument', async () => {
    expect(await refusal('0x3', 0, 25)).toMatchObject({ code: -32602, message: expect.stringContaining('argument 0') })
    expect(await refusal(3, 0, 0)).toMatchObject({ code: -32602, message: expect.stringContaining('argument 2') })
    expect(await refusal(3)).toMatchObject({ code: -32602 })
  })
})
