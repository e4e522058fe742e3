import { describe, expect } from 'vitest'
import { buildOtterscanChain, sender, type OtterscanChain } from '../helpers/otterscanChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTest as test } from '../helpers/rpcTest.ts'

let url: string
let chain: OtterscanChain
const call = <T = any>(...params: unknown[]) => rpc<T>(url, 'ots_hasCode', params)
const refusal = (...params: unknown[]) => rpcError(url, 'ots_hasCode', params)

test.beforeAll(async ({ server }) => {
  url = server.url
  chain = await buildOtterscanChain(url)
})

describe('valid params', () => {
  test('a contract has code, an account without any has none', async () => {
    expect(await call(chain.emitter, 'latest')).toBe(true)
    expect(await call(chain.stranger, 'latest')).toBe(false)
    expect(await call(sender, 'latest')).toBe(false)
  })

  test('before its deployment block the contract had none', async () => {
    expect(await call(chain.emitter, '0x0')).toBe(false)
    expect(await call(chain.emitter, '0x1')).toBe(true)
    expect(await call(chain.emitter, 0)).toBe(false)
    expect(await call(chain.emitter, 1)).toBe(true)
  })
})

describe('invalid params', () => {
  test('a malformed address or block is refused naming the argument', async () => {
    expect(await refusal('0x12', 'latest')).toMatchObject({ code: -32602, message: expect.stringContaining('argument 0') })
    expect(await refusal(chain.emitter, 'soon')).toMatchObject({ code: -32602, message: expect.stringContaining('argument 1') })
  })
})
