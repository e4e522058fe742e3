import { describe, expect } from 'vitest'
import { signBlobTransaction, sidecarOf } from '../helpers/blobs.ts'
import { deployTokenViaRpc, devAccount, send, tokenCall } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTestWith } from '../helpers/rpcTest.ts'

const test = rpcTestWith([{ mining: { auto: false } }])

let token: string
test.beforeAll(async ({ server }) => {
  token = await deployTokenViaRpc(server.url, { mine: true })
})

async function blockOf(url: string, transactions: Array<Parameters<typeof send>[1]>): Promise<string> {
  for (const tx of transactions) await send(url, tx)
  await rpc(url, 'evm_mine')
  return (await rpc(url, 'eth_getBlockByNumber', ['latest', false])).hash
}

describe('valid params', () => {
  test("a block's transactions: calls decoded with the bundled ABIs, outcome and why one failed", async ({ server }) => {
    const alice = devAccount(0).address
    const bob = devAccount(1).address
    const hash = await blockOf(server.url, [
      { from: alice, to: token as `0x${string}`, data: tokenCall('transfer', [bob, 5n]) },
      // Account 6 holds no tokens: its transfer reverts with the token's require message.
      { from: devAccount(6).address, to: token as `0x${string}`, data: tokenCall('transfer', [alice, 1n]), gas: '0x30000' },
      { from: alice, to: bob, value: '0xde0b6b3a7640000' },
    ])
    const block = await rpc(server.url, 'sim_block', [{ hash }])
    const wire = await rpc(server.url, 'eth_getBlockByHash', [hash, false])
    expect(block).toMatchObject({ hash, number: wire.number, parentHash: wire.parentHash, canonical: true, transactionCount: 3, next: null })
    expect(block.transactions.map((t: { hash: string }) => t.hash)).toEqual(wire.transactions)
    const [transfer, refused, payment] = block.transactions
    expect(transfer.call).toMatchObject({ abi: 'ChainsimToken', name: 'transfer', signature: 'transfer(address,uint256)' })
    expect(transfer.call.args).toEqual([
      { name: 'to', type: 'address', value: bob },
      { name: 'value', type: 'uint256', value: '5' },
    ])
    expect(transfer).toMatchObject({ status: '0x1', logCount: 1, failure: null })
    expect(refused).toMatchObject({ status: '0x0', logCount: 0 })
    expect(refused.failure).toMatchObject({ error: 'revert', reason: 'ERC20: insufficient balance', custom: null })
    expect(payment).toMatchObject({ call: null, value: '0xde0b6b3a7640000', to: bob.toLowerCase() })
  })

  test("a blob transaction: the header's blob gas, its blob count and the blob gas it paid, as the receipt says", async ({ server }) => {
    const account = devAccount(7)
    const nonce = Number(await rpc(server.url, 'eth_getTransactionCount', [account.address, 'latest']))
    const raw = await signBlobTransaction({ account, chainId: 31337, nonce, sidecars: [sidecarOf('sim_block')] })
    const txHash = await rpc(server.url, 'eth_sendRawTransaction', [raw])
    await rpc(server.url, 'evm_mine')
    const receipt = await rpc(server.url, 'eth_getTransactionReceipt', [txHash])
    const wire = await rpc(server.url, 'eth_getBlockByHash', [receipt.blockHash, false])
    const block = await rpc(server.url, 'sim_block', [{ hash: receipt.blockHash }])
    expect(block).toMatchObject({ blobGasUsed: wire.blobGasUsed, excessBlobGas: wire.excessBlobGas })
    expect(block.blobGasUsed).toBe('0x20000')
    expect(block.transactions[0]).toMatchObject({ hash: txHash, type: '0x3', blobs: 1, blobGasUsed: receipt.blobGasUsed, blobGasPrice: receipt.blobGasPrice })
    const [plain] = (await rpc(server.url, 'sim_block', [{ hash: await blockOf(server.url, [{ from: account.address, to: account.address, value: '0x1' }]) }]))
      .transactions
    expect(plain).toMatchObject({ type: '0x2', blobs: 0, blobGasUsed: null, blobGasPrice: null })
  })

  test('an orphaned block is answered too, marked not canonical', async ({ server }) => {
    const hash = await blockOf(server.url, [{ from: devAccount(2).address, to: devAccount(3).address, value: '0x1' }])
    await rpc(server.url, 'sim_reorg', [{ depth: 1 }])
    const block = await rpc(server.url, 'sim_block', [{ hash }])
    expect(block).toMatchObject({ hash, canonical: false, transactionCount: 1 })
  })

  test('transactions come a page at a time', async ({ server }) => {
    const from = devAccount(4).address
    const hash = await blockOf(
      server.url,
      [0, 1, 2, 3, 4].map(() => ({ from, to: devAccount(5).address, value: '0x1' })),
    )
    const first = await rpc(server.url, 'sim_block', [{ hash, limit: 2 }])
    const second = await rpc(server.url, 'sim_block', [{ hash, from: first.next, limit: 2 }])
    const last = await rpc(server.url, 'sim_block', [{ hash, from: second.next, limit: 2 }])
    expect([first.next, second.next, last.next]).toEqual([2, 4, null])
    const all = await rpc(server.url, 'sim_block', [{ hash }])
    expect([...first.transactions, ...second.transactions, ...last.transactions]).toEqual(all.transactions)
  })

  test('an unknown hash → null', async ({ server }) => {
    expect(await rpc(server.url, 'sim_block', [{ hash: `0x${'ab'.repeat(32)}` }])).toBeNull()
  })
})

describe('invalid params', () => {
  const cases: Array<[string, unknown[]]> = [
    ['no params → -32602', []],
    ['a hash that is not 32 bytes → -32602', [{ hash: '0x1234' }]],
    ['limit 0 → -32602', [{ hash: `0x${'00'.repeat(32)}`, limit: 0 }]],
    ['limit past 500 → -32602', [{ hash: `0x${'00'.repeat(32)}`, limit: 501 }]],
    ['an unknown key → -32602', [{ hash: `0x${'00'.repeat(32)}`, page: 1 }]],
    ['a bare hash instead of an object → -32602', [`0x${'00'.repeat(32)}`]],
  ]
  for (const [name, params] of cases) {
    test(name, async ({ server }) => {
      expect((await rpcError(server.url, 'sim_block', params)).code).toBe(-32602)
    })
  }
})
