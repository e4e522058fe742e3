import { describe, expect } from 'vitest'
import { buildOtterscanChain, type OtterscanChain } from '../helpers/otterscanChain.ts'
import { receiptOf } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTest as test } from '../helpers/rpcTest.ts'

let url: string
let chain: OtterscanChain
const call = <T = any>(...params: unknown[]) => rpc<T>(url, 'trace_block', params)
const refusal = (...params: unknown[]) => rpcError(url, 'trace_block', params)

test.beforeAll(async ({ server }) => {
  url = server.url
  chain = await buildOtterscanChain(url)
})

describe('valid params', () => {
  test("the block's transactions' traces, as trace_transaction gives each", async () => {
    const receipt = await receiptOf(url, chain.created)
    expect(await call(receipt.blockNumber)).toEqual(await rpc(url, 'trace_transaction', [chain.created]))
    expect(await call('latest')).toEqual(await rpc(url, 'trace_transaction', [chain.created]))
  })

  test('genesis has none, nor has a block above the head (as Anvil)', async () => {
    expect(await call('0x0')).toEqual([])
    expect(await call('0x3e8')).toEqual([])
  })
})

describe('invalid params', () => {
  test('a malformed block is refused naming the argument', async () => {
    expect(await refusal('soon')).toMatchObject({ code: -32602, message: expect.stringContaining('argument 0') })
  })
})
