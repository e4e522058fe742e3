import { describe, expect } from 'vitest'
import { encodeErrorResult } from 'viem/utils'
import { buildOtterscanChain, UNKNOWN_HASH, type OtterscanChain } from '../helpers/otterscanChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTest as test } from '../helpers/rpcTest.ts'

let url: string
let chain: OtterscanChain
const call = <T = any>(...params: unknown[]) => rpc<T>(url, 'ots_getTransactionError', params)
const refusal = (...params: unknown[]) => rpcError(url, 'ots_getTransactionError', params)

test.beforeAll(async ({ server }) => {
  url = server.url
  chain = await buildOtterscanChain(url)
})

describe('valid params', () => {
  test("a reverted transaction's revert data; 0x for one that succeeded or is unknown", async () => {
    const abi = [{ type: 'error', name: 'Error', inputs: [{ name: 'message', type: 'string' }] }] as const
    expect(await call(chain.reverted)).toBe(encodeErrorResult({ abi, errorName: 'Error', args: ['deep'] }))
    expect(await call(chain.events)).toBe('0x')
    expect(await call(UNKNOWN_HASH)).toBe('0x')
  })
})

describe('invalid params', () => {
  test('a malformed hash is refused naming the argument', async () => {
    expect(await refusal('0x12')).toMatchObject({ code: -32602, message: expect.stringContaining('argument 0') })
  })
})
