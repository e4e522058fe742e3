import { createPublicClient, http, keccak256, parseTransaction, type Hex, type TransactionSerialized } from 'viem'
import { foundry } from 'viem/chains'
import { afterAll, beforeAll, describe, expect } from 'vitest'
import { hasAnvil, startAnvil, type AnvilProcess } from '../helpers/anvil.ts'
import { devAccount, type DevServer } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTest } from '../helpers/rpcTest.ts'

interface Filled {
  raw: TransactionSerialized
  tx: Record<string, unknown>
}

const test = rpcTest
let server: DevServer
let url: string
test.beforeAll(async ({ server: started }) => {
  server = started
  url = server.url
})

const from = devAccount(1).address
const to = devAccount(8).address
const stranger = '0x00000000000000000000000000000000000000aa'
const fill = (tx: Record<string, unknown>, target = url) => rpc<Filled>(target, 'eth_fillTransaction', [tx])

/** The fields a transaction carries, with the signature left out. */
function unsignedFields(raw: TransactionSerialized) {
  const { r, s, v, yParity, ...fields } = parseTransaction(raw)
  return { fields, signature: { r, s, v, yParity } }
}

describe('valid params', () => {
  test('the transaction eth_signTransaction would sign, with a zero signature, and nothing sent', async () => {
    const nonce = await rpc<Hex>(url, 'eth_getTransactionCount', [from, 'pending'])
    const request = { from, to, value: '0x2a', data: '0xc0ffee' }
    const filled = await fill(request)
    const signed = await rpc<TransactionSerialized>(url, 'eth_signTransaction', [request])
    expect(unsignedFields(filled.raw).fields).toEqual(unsignedFields(signed).fields)
    expect(unsignedFields(filled.raw).signature).toMatchObject({ r: `0x${'0'.repeat(64)}`, s: `0x${'0'.repeat(64)}`, yParity: 0 })
    expect(filled.tx).toMatchObject({
      from: from.toLowerCase(),
      to: to.toLowerCase(),
      value: '0x2a',
      input: '0xc0ffee',
      nonce,
      r: '0x0',
      s: '0x0',
      blockHash: null,
    })
    expect(filled.tx.hash).toBe(keccak256(filled.raw))
    expect(await rpc(url, 'eth_getTransactionCount', [from, 'pending'])).toBe(nonce)
    expect(await rpc(url, 'eth_getTransactionByHash', [filled.tx.hash])).toBeNull()
  })

  test('without from, the first dev account; an account without a key is filled too', async () => {
    expect((await fill({ to })).tx.from).toBe(devAccount(0).address.toLowerCase())
    expect((await fill({ from: stranger, to })).tx).toMatchObject({ from: stranger, gas: '0x5208' })
  })

  test('gasPrice makes it legacy with EIP-155: v = 2·chainId + 35 and r = s = 0', async () => {
    const filled = await fill({ from, to, gasPrice: '0x3b9aca00', nonce: '0x7', gas: '0x7530' })
    expect(filled.tx).toMatchObject({ type: '0x0', chainId: '0x7a69', v: '0xf4f5', r: '0x0', s: '0x0', nonce: '0x7', gas: '0x7530' })
    expect(parseTransaction(filled.raw)).toMatchObject({ type: 'legacy', gasPrice: 10n ** 9n, nonce: 7, gas: 30_000n })
  })

  test("viem's fillTransaction reads the answer", async () => {
    const client = createPublicClient({ chain: foundry, transport: http(url) })
    const { raw, transaction } = await client.fillTransaction({ account: from, to, value: 5n })
    expect(transaction).toMatchObject({ from: from.toLowerCase(), to: to.toLowerCase(), value: 5n, gas: 21_000n, type: 'eip1559' })
    expect(raw).toMatch(/^0x02/)
  })
})

describe('invalid params', () => {
  test('a request that reverts → 3 execution reverted, as eth_estimateGas answers it', async () => {
    const request = { from, data: '0x60006000fd' }
    expect(await rpcError(url, 'eth_fillTransaction', [request])).toEqual(await rpcError(url, 'eth_estimateGas', [request]))
    expect(await rpcError(url, 'eth_fillTransaction', [request])).toEqual({ code: 3, message: 'execution reverted', data: '0x' })
  })

  const cases: Array<[string, unknown[], RegExp]> = [
    [
      'gasPrice with maxFeePerGas → -32602',
      [{ from, to, gasPrice: '0x1', maxFeePerGas: '0x2' }],
      /both gasPrice and \(maxFeePerGas or maxPriorityFeePerGas\) specified/,
    ],
    ['not an object → -32602', ['0x01'], /invalid argument 0: expected transaction call object/],
    ['no params → -32602', [], /missing value for required argument 0/],
  ]
  for (const [name, params, message] of cases) {
    test(name, async () => {
      const error = await rpcError(url, 'eth_fillTransaction', params)
      expect(error.code).toBe(-32602)
      expect(error.message).toMatch(message)
    })
  }
})

/**
 * Anvil 1.7.1 answers the same shape: the same fields (chainsim adds geth's `blockTimestamp` and leaves a fee-market
 * transaction's `gasPrice` out, as geth does, for viem copies it into the request it sends), the same encoding
 * but for the fee cap (chainsim fills fees as its own eth_sendTransaction does), the same zero signature.
 */
describe('as Anvil answers it', () => {
  let anvil: AnvilProcess | undefined
  let fresh: DevServer | undefined
  beforeAll(async () => {
    if (!hasAnvil) return
    const { startChainsim } = await import('../../src/testing/index.ts')
    ;[anvil, fresh] = await Promise.all([startAnvil(), startChainsim()])
  }, 60_000)
  afterAll(async () => {
    await Promise.all([anvil?.close(), fresh?.close()])
  })

  const requests: Array<Record<string, unknown>> = [
    { from, to, value: '0x1' },
    { to, value: '0x1' },
    { from: stranger, to },
    { from, to, gasPrice: '0x3b9aca00' },
    { from, data: '0x6000', nonce: '0x5', gas: '0x5208' },
  ]
  test.skipIf(!hasAnvil).each(requests)('%j', async (request) => {
    const [ours, theirs] = await Promise.all([fill(request, fresh!.url), fill(request, anvil!.url)])
    const comparable = ({ raw, tx }: Filled) => {
      const { maxFeePerGas, gasPrice, hash, blockTimestamp, ...rest } = tx
      const { maxFeePerGas: _, gasPrice: __, ...fields } = parseTransaction(raw) as Record<string, unknown>
      return { fields, tx: rest, hashOfRaw: hash === keccak256(raw) }
    }
    // chainsim adds geth's blockTimestamp, and leaves a fee-market transaction's gasPrice out, as geth does.
    const keys = (tx: Record<string, unknown>) =>
      Object.keys(tx)
        .filter((key) => key !== 'blockTimestamp' && key !== 'gasPrice')
        .sort()
    expect(keys(ours.tx)).toEqual(keys(theirs.tx))
    expect('gasPrice' in ours.tx).toBe(ours.tx.type === '0x0')
    expect(comparable(ours)).toEqual(comparable(theirs))
  })
})
