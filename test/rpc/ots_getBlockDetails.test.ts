import { describe, expect } from 'vitest'
import { buildOtterscanChain, type OtterscanChain } from '../helpers/otterscanChain.ts'
import { receiptOf } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTest as test } from '../helpers/rpcTest.ts'

let url: string
let chain: OtterscanChain
const call = <T = any>(...params: unknown[]) => rpc<T>(url, 'ots_getBlockDetails', params)
const refusal = (...params: unknown[]) => rpcError(url, 'ots_getBlockDetails', params)

test.beforeAll(async ({ server }) => {
  url = server.url
  chain = await buildOtterscanChain(url)
})

describe('valid params', () => {
  test('the block without transactions, their count, no issuance, the fees its receipts paid', async () => {
    const receipt = await receiptOf(url, chain.events)
    const details = await call(Number(receipt.blockNumber))
    expect(details.block).toMatchObject({ number: receipt.blockNumber, hash: receipt.blockHash, transactionCount: 1 })
    expect(details.block.transactions).toBeUndefined()
    expect(details.issuance).toEqual({ blockReward: '0x0', uncleReward: '0x0', issuance: '0x0' })
    expect(BigInt(details.totalFees)).toBe(BigInt(receipt.gasUsed) * BigInt(receipt.effectiveGasPrice))
  })

  test('a hex number or a tag names the block too; genesis paid no fees', async () => {
    expect((await call('latest')).block.number).toBe(await rpc(url, 'eth_blockNumber'))
    expect((await call('0x0')).totalFees).toBe('0x0')
  })
})

describe('invalid params', () => {
  test('a block above the head is not found', async () => {
    expect(await refusal(999)).toMatchObject({ code: -32000, message: 'block not found' })
  })

  test('a negative or fractional number, or a word, is refused naming the argument', async () => {
    for (const bad of [-1, 1.5, 'soon']) expect(await refusal(bad)).toMatchObject({ code: -32602, message: expect.stringContaining('argument 0') })
  })
})
