import { describe, expect } from 'vitest'
import { buildOtterscanChain, sender, type OtterscanChain } from '../helpers/otterscanChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTest as test } from '../helpers/rpcTest.ts'

let url: string
let chain: OtterscanChain
const call = <T = any>(...params: unknown[]) => rpc<T>(url, 'ots_getTransactionBySenderAndNonce', params)
const refusal = (...params: unknown[]) => rpcError(url, 'ots_getTransactionBySenderAndNonce', params)

test.beforeAll(async ({ server }) => {
  url = server.url
  chain = await buildOtterscanChain(url)
})

describe('valid params', () => {
  test('the hash of the transaction each nonce was used by, as a number or hex', async () => {
    const block = await rpc(url, 'eth_getBlockByNumber', ['0x1', false])
    expect(await call(sender, 0)).toBe(block.transactions[0])
    expect(await call(sender, 2)).toBe(chain.events)
    expect(await call(sender, '0x3')).toBe(chain.forwarded)
  })

  test('a nonce not used yet, or an account that sent nothing, → null', async () => {
    expect(await call(sender, 99)).toBeNull()
    expect(await call(chain.stranger, 0)).toBeNull()
  })
})

describe('invalid params', () => {
  test('a malformed address or nonce is refused naming the argument', async () => {
    expect(await refusal('0x12', 0)).toMatchObject({ code: -32602, message: expect.stringContaining('argument 0') })
    expect(await refusal(sender, -1)).toMatchObject({ code: -32602, message: expect.stringContaining('argument 1') })
    expect(await refusal(sender, 'one')).toMatchObject({ code: -32602, message: expect.stringContaining('argument 1') })
  })
})
