import { describe, expect } from 'vitest'
import { buildOtterscanChain, type OtterscanChain } from '../helpers/otterscanChain.ts'
import { receiptOf } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTest as test } from '../helpers/rpcTest.ts'

let url: string
let chain: OtterscanChain
const call = <T = any>(...params: unknown[]) => rpc<T>(url, 'trace_replayBlockTransactions', params)
const refusal = (...params: unknown[]) => rpcError(url, 'trace_replayBlockTransactions', params)

test.beforeAll(async ({ server }) => {
  url = server.url
  chain = await buildOtterscanChain(url)
})

describe('valid params', () => {
  test('each transaction: its output, its traces unlocalized, no VM trace or state diff', async () => {
    const receipt = await receiptOf(url, chain.created)
    const [replayed] = await call(receipt.blockNumber, ['trace'])
    const localized = await rpc(url, 'trace_transaction', [chain.created])
    expect(replayed).toMatchObject({ transactionHash: chain.created, stateDiff: null, vmTrace: null, output: localized[0].result.output })
    expect(replayed.trace).toEqual(
      localized.map(({ blockHash: _, blockNumber: _n, transactionHash: _h, transactionPosition: _p, ...trace }: Record<string, unknown>) => trace),
    )
  })

  test('a block above the head has no transactions to replay (as Anvil)', async () => {
    expect(await call('0x3e8', ['trace'])).toEqual([])
  })

  test('without "trace" asked for, the trace list is empty', async () => {
    const [replayed] = await call('latest', ['stateDiff'])
    expect(replayed.trace).toEqual([])
  })
})

describe('invalid params', () => {
  test('an unknown trace type or a missing list is refused', async () => {
    expect(await refusal('latest', ['everything'])).toMatchObject({ code: -32602, message: expect.stringContaining('argument 1') })
    expect(await refusal('latest')).toMatchObject({ code: -32602 })
  })
})
