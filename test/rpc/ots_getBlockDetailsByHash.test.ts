import { describe, expect } from 'vitest'
import { buildOtterscanChain, UNKNOWN_HASH, type OtterscanChain } from '../helpers/otterscanChain.ts'
import { receiptOf } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTest as test } from '../helpers/rpcTest.ts'

let url: string
let chain: OtterscanChain
const call = <T = any>(...params: unknown[]) => rpc<T>(url, 'ots_getBlockDetailsByHash', params)
const refusal = (...params: unknown[]) => rpcError(url, 'ots_getBlockDetailsByHash', params)

test.beforeAll(async ({ server }) => {
  url = server.url
  chain = await buildOtterscanChain(url)
})

describe('valid params', () => {
  test('the block its hash names, as ots_getBlockDetails answers it', async () => {
    const receipt = await receiptOf(url, chain.forwarded)
    expect(await call(receipt.blockHash)).toEqual(await rpc(url, 'ots_getBlockDetails', [Number(receipt.blockNumber)]))
  })
})

describe('invalid params', () => {
  test('an unknown hash is not found; a short one is refused naming the argument', async () => {
    expect(await refusal(UNKNOWN_HASH)).toMatchObject({ code: -32000, message: 'block not found' })
    expect(await refusal('0x1234')).toMatchObject({ code: -32602, message: expect.stringContaining('argument 0') })
  })
})
