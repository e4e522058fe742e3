import type { Hex } from 'viem'
import { describe, expect } from 'vitest'
import { buildOtterscanChain, type OtterscanChain } from '../helpers/otterscanChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTest as test } from '../helpers/rpcTest.ts'

let url: string
let chain: OtterscanChain
const call = <T = any>(...params: unknown[]) => rpc<T>(url, 'trace_filter', params)
const refusal = (...params: unknown[]) => rpcError(url, 'trace_filter', params)

test.beforeAll(async ({ server }) => {
  url = server.url
  chain = await buildOtterscanChain(url)
})

describe('valid params', () => {
  test('the traces of a range, as trace_block gives them block by block', async () => {
    const head = Number(await rpc(url, 'eth_blockNumber'))
    const byBlock = []
    for (let n = 1; n <= head; n++) byBlock.push(...(await rpc(url, 'trace_block', [`0x${n.toString(16)}`])))
    expect(await call({ fromBlock: '0x1', toBlock: 'latest' })).toEqual(byBlock)
    expect(await call({})).toEqual(byBlock)
  })

  test('fromAddress and toAddress pick frames by their ends; after and count page them', async () => {
    const toStranger = await call({ toAddress: [chain.stranger] })
    expect(toStranger.map((t: { transactionHash: Hex }) => t.transactionHash)).toEqual([chain.forwarded])
    const fromRelay = await call({ fromAddress: [chain.relay] })
    expect(fromRelay.map((t: { transactionHash: Hex }) => t.transactionHash)).toEqual([chain.forwarded, chain.reverted, chain.created])
    expect(await call({ fromAddress: [chain.relay], after: 1, count: 1 })).toEqual([fromRelay[1]])
    expect(await call({ fromAddress: [chain.relay], toAddress: [chain.stranger], mode: 'intersection' })).toEqual(toStranger)
  })
})

describe('invalid params', () => {
  test('a reversed range, an unknown key or a bad address is refused naming the argument', async () => {
    expect(await refusal({ fromBlock: '0x3', toBlock: '0x1' })).toMatchObject({ code: -32602, message: expect.stringContaining('argument 0') })
    expect(await refusal({ fromBlock: '0x1', toBlock: '0x200' })).toMatchObject({ code: -32602, message: expect.stringContaining('at most 301 blocks') })
    expect(await refusal({ address: [chain.relay] })).toMatchObject({ code: -32602, message: expect.stringContaining('argument 0') })
    expect(await refusal({ toAddress: ['0x12'] })).toMatchObject({ code: -32602, message: expect.stringContaining('argument 0') })
  })
})
