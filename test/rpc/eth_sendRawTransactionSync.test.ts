import type { Hex } from 'viem'
import { keccak256 } from 'viem/utils'
import { describe, expect } from 'vitest'
import type { ChainEvents } from '../../src/chain/events.ts'
import type { ChainNode } from '../../src/node.ts'
import { signRaw } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTestWith } from '../helpers/rpcTest.ts'

const test = rpcTestWith([
  { name: 'automine' },
  { name: 'manual', mining: { auto: false } },
  { name: 'configured', mining: { auto: false }, syncSendTimeoutMs: 150, syncSendMaxTimeoutMs: 250 },
])
let automine: string
let manual: string
let configured: string
let manualNode: ChainNode

test.beforeAll(async ({ server }) => {
  automine = server.networks['automine']!.url
  manual = server.networks['manual']!.url
  manualNode = server.networks['manual']!.node
  configured = server.networks['configured']!.url
})

const TRANSFER = {
  to: '0x00000000000000000000000000000000000000a5',
  value: 1n,
  gas: 21_000n,
  maxFeePerGas: 10n ** 10n,
  maxPriorityFeePerGas: 10n ** 9n,
} as const

/** A transfer signed by viem for dev account `index` on the network at `url`. */
async function transfer(url: string, index: number): Promise<Hex> {
  return signRaw(url, index, { ...TRANSFER, chainId: Number(await rpc<Hex>(url, 'eth_chainId')) })
}

describe('valid params', () => {
  test('under automine → the receipt at once, the one a client asking right after gets', async () => {
    const raw = await transfer(automine, 0)
    const receipt = await rpc(automine, 'eth_sendRawTransactionSync', [raw])
    expect(receipt.transactionHash).toBe(keccak256(raw))
    expect(receipt.status).toBe('0x1')
    expect(await rpc(automine, 'eth_getTransactionReceipt', [keccak256(raw)])).toEqual(receipt)
    expect(await rpc(automine, 'eth_blockNumber')).toBe(receipt.blockNumber)
  })

  test('with automine off → waits for the block that mines it, then its receipt', async () => {
    const raw = await transfer(manual, 1)
    const answer = rpc(manual, 'eth_sendRawTransactionSync', [raw, 5_000])
    // Once the pool holds it, a block is mined by hand.
    await expect.poll(() => rpc(manual, 'eth_getRawTransactionByHash', [keccak256(raw)])).toBe(raw)
    await rpc(manual, 'evm_mine')
    const block = await rpc(manual, 'eth_getBlockByNumber', ['latest', false])
    const receipt = await answer
    expect(receipt.blockHash).toBe(block.hash)
    expect(receipt).toEqual(await rpc(manual, 'eth_getTransactionReceipt', [keccak256(raw)]))
  })

  test('with automine off and no block → code 4 after the timeout, the hash as data (geth’s EIP-7966 error)', async () => {
    const raw = await transfer(manual, 2)
    const started = Date.now()
    const error = await rpcError(manual, 'eth_sendRawTransactionSync', [raw, 300])
    expect(Date.now() - started).toBeGreaterThanOrEqual(290)
    expect(error).toEqual({ code: 4, message: "The transaction was added to the transaction pool but wasn't processed in 300ms", data: keccak256(raw) })
    // It stays in the pool: the client goes on polling, and the next block mines it.
    await rpc(manual, 'evm_mine')
    expect((await rpc(manual, 'eth_getTransactionReceipt', [keccak256(raw)])).status).toBe('0x1')
  })

  test('twelve waiting at once → one listener on the chain between them, none once the block mined all twelve', async () => {
    const listeners = () => (manualNode.chain.events as ChainEvents).listenerCount('blockAdded')
    const before = listeners()
    const chainId = Number(await rpc<Hex>(manual, 'eth_chainId'))
    const raws: Hex[] = []
    for (let account = 4; account <= 7; account++) {
      for (const nonce of [0, 1, 2]) raws.push(await signRaw(manual, account, { ...TRANSFER, chainId, nonce }))
    }
    const answers = Promise.all(raws.map((raw) => rpc(manual, 'eth_sendRawTransactionSync', [raw, 10_000])))
    await expect.poll(async () => (await rpc(manual, 'txpool_status')).pending).toBe('0xc')
    expect(listeners()).toBe(before + 1)
    await rpc(manual, 'evm_mine')
    const receipts = await answers
    expect(new Set(receipts.map((r) => r.blockNumber)).size).toBe(1)
    expect(listeners()).toBe(before)
  })

  test('a timeout as a hex quantity → taken in milliseconds too', async () => {
    const raw = await transfer(manual, 3)
    const error = await rpcError(manual, 'eth_sendRawTransactionSync', [raw, '0x64'])
    expect(error.message).toBe("The transaction was added to the transaction pool but wasn't processed in 100ms")
    await rpc(manual, 'evm_mine')
  })
})

describe('a network’s waits (syncSendTimeoutMs, syncSendMaxTimeoutMs)', () => {
  test('no wait asked for → the network’s; a longer one than its longest → cut to it', async () => {
    const first = await rpcError(configured, 'eth_sendRawTransactionSync', [await transfer(configured, 0)])
    expect(first.message).toBe("The transaction was added to the transaction pool but wasn't processed in 150ms")
    const started = Date.now()
    const second = await rpcError(configured, 'eth_sendRawTransactionSync', [await transfer(configured, 1), 60_000])
    expect(second.message).toBe("The transaction was added to the transaction pool but wasn't processed in 250ms")
    expect(Date.now() - started).toBeLessThan(5_000)
  })
})

describe('invalid params', () => {
  test('a transaction the pool refuses → its refusal, at once, as eth_sendRawTransaction', async () => {
    const raw = await transfer(automine, 4)
    await rpc(automine, 'eth_sendRawTransactionSync', [raw])
    const error = await rpcError(automine, 'eth_sendRawTransactionSync', [raw])
    expect(error).toEqual(await rpcError(automine, 'eth_sendRawTransaction', [raw]))
  })

  const cases: Array<[string, unknown[], RegExp]> = [
    ['a negative timeout → -32602', ['0x02', -1], /argument 1: expected timeout in milliseconds/],
    ['a timeout that is a word → -32602', ['0x02', 'soon'], /argument 1: expected timeout in milliseconds/],
    ['bytes that are not hex → -32602', ['0xzz'], /argument 0: /],
    ['no params → -32602', [], /missing value for required argument 0/],
  ]
  for (const [name, params, message] of cases) {
    test(name, async () => {
      const error = await rpcError(automine, 'eth_sendRawTransactionSync', params)
      expect(error.code).toBe(-32602)
      expect(error.message).toMatch(message)
    })
  }
})
