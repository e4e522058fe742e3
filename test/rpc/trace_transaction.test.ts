import { describe, expect } from 'vitest'
import { buildOtterscanChain, UNKNOWN_HASH, type OtterscanChain } from '../helpers/otterscanChain.ts'
import { receiptOf } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTest as test } from '../helpers/rpcTest.ts'

let url: string
let chain: OtterscanChain
const call = <T = any>(...params: unknown[]) => rpc<T>(url, 'trace_transaction', params)
const refusal = (...params: unknown[]) => rpcError(url, 'trace_transaction', params)

test.beforeAll(async ({ server }) => {
  url = server.url
  chain = await buildOtterscanChain(url)
})

describe('valid params', () => {
  test("Parity's flat list: paths, subtrace counts, call actions, and where the transaction sits", async () => {
    const receipt = await receiptOf(url, chain.forwarded)
    const traces = await call(chain.forwarded)
    expect(traces.map((t: { traceAddress: number[]; subtraces: number }) => [t.traceAddress, t.subtraces])).toEqual([
      [[], 1],
      [[0], 0],
    ])
    expect(traces[1]).toMatchObject({
      type: 'call',
      action: { callType: 'call', from: chain.relay, to: chain.stranger, value: '0x5', input: '0x' },
      result: { output: '0x' },
      blockHash: receipt.blockHash,
      blockNumber: Number(receipt.blockNumber),
      transactionHash: chain.forwarded,
      transactionPosition: 0,
    })
  })

  test('a revert: "Reverted", its result kept with the revert data', async () => {
    const [, inner] = await call(chain.reverted)
    expect(inner.error).toBe('Reverted')
    expect(inner.result.output).toBe(await rpc(url, 'ots_getTransactionError', [chain.reverted]))
  })

  test('a creation: its init code, the address made and its code', async () => {
    const [, create] = await call(chain.created)
    expect(create).toMatchObject({ type: 'create', action: { from: chain.relay, creationMethod: 'create' } })
    expect(await rpc(url, 'eth_getCode', [create.result.address, 'latest'])).toBe(create.result.code)
  })

  test('an unknown transaction has no traces', async () => {
    expect(await call(UNKNOWN_HASH)).toEqual([])
  })
})

describe('invalid params', () => {
  test('a malformed hash is refused naming the argument', async () => {
    expect(await refusal('0x12')).toMatchObject({ code: -32602, message: expect.stringContaining('argument 0') })
  })
})
