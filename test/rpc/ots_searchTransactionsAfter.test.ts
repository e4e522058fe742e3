import type { Hex } from 'viem'
import { describe, expect } from 'vitest'
import { buildOtterscanChain, type OtterscanChain } from '../helpers/otterscanChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTest as test } from '../helpers/rpcTest.ts'

let url: string
let chain: OtterscanChain
const call = <T = any>(...params: unknown[]) => rpc<T>(url, 'ots_searchTransactionsAfter', params)
const refusal = (...params: unknown[]) => rpcError(url, 'ots_searchTransactionsAfter', params)

test.beforeAll(async ({ server }) => {
  url = server.url
  chain = await buildOtterscanChain(url)
})

describe('valid params', () => {
  test('every transaction touching the relay, internal calls included, newest first, with receipts', async () => {
    const page = await call(chain.relay, 0, 25)
    const relayDeployment = (await rpc(url, 'eth_getBlockByNumber', ['0x2', false])).transactions[0]
    expect(page.txs.map((t: { hash: Hex }) => t.hash)).toEqual([chain.created, chain.reverted, chain.forwarded, relayDeployment])
    expect(page.receipts.map((r: { transactionHash: Hex }) => r.transactionHash)).toEqual(page.txs.map((t: { hash: Hex }) => t.hash))
    expect(page).toMatchObject({ firstPage: true, lastPage: true })
  })

  test("the stranger is touched only by the relay's internal transfer", async () => {
    expect((await call(chain.stranger, 0, 25)).txs.map((t: { hash: Hex }) => t.hash)).toEqual([chain.forwarded])
  })

  test('a small page holds whole blocks until it is full, and says which end it is', async () => {
    const page = await call(chain.relay, 0, 2)
    expect(page.txs.map((t: { hash: Hex }) => t.hash)).toEqual([chain.forwarded, await relayDeploymentHash()])
    expect(page).toMatchObject({ firstPage: false, lastPage: true })
  })
})

async function relayDeploymentHash(): Promise<Hex> {
  return (await rpc(url, 'eth_getBlockByNumber', ['0x2', false])).transactions[0]
}

describe('invalid params', () => {
  test('a malformed address, a hex block number or a zero page size is refused naming the argument', async () => {
    expect(await refusal('0x12', 0, 25)).toMatchObject({ code: -32602, message: expect.stringContaining('argument 0') })
    expect(await refusal(chain.relay, '0x1', 25)).toMatchObject({ code: -32602, message: expect.stringContaining('argument 1') })
    expect(await refusal(chain.relay, 0, 0)).toMatchObject({ code: -32602, message: expect.stringContaining('argument 2') })
  })
})
