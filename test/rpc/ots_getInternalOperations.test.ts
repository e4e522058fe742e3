import { describe, expect } from 'vitest'
import { buildOtterscanChain, sender, UNKNOWN_HASH, type OtterscanChain } from '../helpers/otterscanChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTest as test } from '../helpers/rpcTest.ts'

let url: string
let chain: OtterscanChain
const call = <T = any>(...params: unknown[]) => rpc<T>(url, 'ots_getInternalOperations', params)
const refusal = (...params: unknown[]) => rpcError(url, 'ots_getInternalOperations', params)

test.beforeAll(async ({ server }) => {
  url = server.url
  chain = await buildOtterscanChain(url)
})

describe('valid params', () => {
  test('value moved by the transaction and by the relay, in call order', async () => {
    expect(await call(chain.forwarded)).toEqual([
      { type: 0, from: sender.toLowerCase(), to: chain.relay, value: '0x5' },
      { type: 0, from: chain.relay, to: chain.stranger, value: '0x5' },
    ])
  })

  test('a creation by a contract is type 2, to the account made', async () => {
    const [create] = await call(chain.created)
    expect(create).toMatchObject({ type: 2, from: chain.relay, value: '0x0' })
    expect(await rpc(url, 'ots_hasCode', [create.to, 'latest'])).toBe(true)
  })

  test('a transaction that moves no value has none', async () => {
    expect(await call(chain.events)).toEqual([])
  })
})

describe('invalid params', () => {
  test('an unknown transaction is not found; a malformed hash is refused naming the argument', async () => {
    expect(await refusal(UNKNOWN_HASH)).toMatchObject({ code: -32000, message: 'transaction not found' })
    expect(await refusal('0x12')).toMatchObject({ code: -32602, message: expect.stringContaining('argument 0') })
  })
})
