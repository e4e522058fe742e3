import { describe, expect } from 'vitest'
import { buildOtterscanChain, sender, type OtterscanChain } from '../helpers/otterscanChain.ts'
import { receiptOf } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTest as test } from '../helpers/rpcTest.ts'

let url: string
let chain: OtterscanChain
const call = <T = any>(...params: unknown[]) => rpc<T>(url, 'ots_getContractCreator', params)
const refusal = (...params: unknown[]) => rpcError(url, 'ots_getContractCreator', params)

test.beforeAll(async ({ server }) => {
  url = server.url
  chain = await buildOtterscanChain(url)
})

describe('valid params', () => {
  test('a contract deployed by a transaction: that transaction and its sender', async () => {
    const receipt = await receiptOf(url, chain.created)
    const emitterDeployment = await rpc(url, 'eth_getBlockByNumber', ['0x1', false])
    expect(await call(chain.emitter)).toEqual({ hash: emitterDeployment.transactions[0], creator: sender.toLowerCase() })
    expect(receipt.status).toBe('0x1')
  })

  test('a contract created by a contract: the transaction, and the contract as creator', async () => {
    const [create] = await rpc(url, 'ots_getInternalOperations', [chain.created])
    expect(await call(create.to)).toEqual({ hash: chain.created, creator: chain.relay })
  })

  test('an account without code has no creator', async () => {
    expect(await call(chain.stranger)).toBeNull()
    expect(await call(sender)).toBeNull()
  })
})

describe('invalid params', () => {
  test('a malformed address is refused naming the argument', async () => {
    expect(await refusal('0xzz')).toMatchObject({ code: -32602, message: expect.stringContaining('argument 0') })
  })
})
