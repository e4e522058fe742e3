import { describe, expect } from 'vitest'
import { devAccount } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTestWith } from '../helpers/rpcTest.ts'

const test = rpcTestWith([{ name: 'automine' }, { name: 'manual', mining: { auto: false } }])
let automine: string
let manual: string
const to = devAccount(8).address

test.beforeAll(async ({ server }) => {
  automine = server.networks['automine']!.url
  manual = server.networks['manual']!.url
})

describe('valid params', () => {
  test('under automine → the receipt of the transaction signed for `from`, as eth_getTransactionReceipt gives it', async () => {
    const receipt = await rpc(automine, 'eth_sendTransactionSync', [{ from: devAccount(0).address, to, value: '0x7' }])
    expect(receipt.status).toBe('0x1')
    expect(receipt.from).toBe(devAccount(0).address.toLowerCase())
    expect(await rpc(automine, 'eth_getTransactionReceipt', [receipt.transactionHash])).toEqual(receipt)
    expect((await rpc(automine, 'eth_getTransactionByHash', [receipt.transactionHash])).value).toBe('0x7')
  })

  test('a reverted transaction → its receipt with status 0, not an error', async () => {
    // INVALID (0xfe) as the whole init code: the creation fails and uses all its gas.
    const receipt = await rpc(automine, 'eth_sendTransactionSync', [{ from: devAccount(0).address, data: '0xfe', gas: '0x10000' }])
    expect(receipt.status).toBe('0x0')
    expect(receipt.gasUsed).toBe('0x10000')
  })

  test('with automine off → waits for a block, and times out as eth_sendRawTransactionSync does', async () => {
    const answer = rpc(manual, 'eth_sendTransactionSync', [{ from: devAccount(1).address, to, value: '0x1' }, 5_000])
    await expect.poll(async () => (await rpc(manual, 'txpool_status')).pending).toBe('0x1')
    await rpc(manual, 'evm_mine')
    expect((await answer).blockNumber).toBe('0x1')

    const error = await rpcError(manual, 'eth_sendTransactionSync', [{ from: devAccount(1).address, to, value: '0x1' }, 200])
    expect(error.code).toBe(4)
    expect(error.message).toBe("The transaction was added to the transaction pool but wasn't processed in 200ms")
    expect((await rpc(manual, 'eth_getTransactionByHash', [error.data])).blockNumber).toBeNull()
  })
})

describe('invalid params', () => {
  const cases: Array<[string, unknown[], RegExp]> = [
    ['no `from` → -32602', [{ to, value: '0x1' }], /invalid argument 0: missing "from"/],
    ['a timeout that is not whole → -32602', [{ from: devAccount(0).address, to }, 1.5], /argument 1: expected timeout in milliseconds/],
    ['no params → -32602', [], /missing value for required argument 0/],
  ]
  for (const [name, params, message] of cases) {
    test(name, async () => {
      const error = await rpcError(automine, 'eth_sendTransactionSync', params)
      expect(error.code).toBe(-32602)
      expect(error.message).toMatch(message)
    })
  }
})
