import type { Hex } from 'viem'
import { describe, expect } from 'vitest'
import { buildOtterscanChain, sender, UNKNOWN_HASH, type OtterscanChain } from '../helpers/otterscanChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTest as test } from '../helpers/rpcTest.ts'

let url: string
let chain: OtterscanChain
const call = <T = any>(...params: unknown[]) => rpc<T>(url, 'ots_traceTransaction', params)
const refusal = (...params: unknown[]) => rpcError(url, 'ots_traceTransaction', params)

test.beforeAll(async ({ server }) => {
  url = server.url
  chain = await buildOtterscanChain(url)
})

describe('valid params', () => {
  test('every call, depth first, with depth, value, input and output', async () => {
    const trace = await call(chain.reverted)
    expect(trace.map((e: { type: string; depth: number; from: Hex; to: Hex }) => [e.type, e.depth, e.from, e.to])).toEqual([
      ['CALL', 0, sender.toLowerCase(), chain.relay],
      ['CALL', 1, chain.relay, chain.emitter],
    ])
    expect(trace[1].output).toBe(await rpc(url, 'ots_getTransactionError', [chain.reverted]))
    expect(trace[0].value).toBe('0x0')
  })
})

describe('invalid params', () => {
  test('an unknown transaction is not found; a malformed hash is refused naming the argument', async () => {
    expect(await refusal(UNKNOWN_HASH)).toMatchObject({ code: -32000, message: 'transaction not found' })
    expect(await refusal(42)).toMatchObject({ code: -32602, message: expect.stringContaining('argument 0') })
  })
})
