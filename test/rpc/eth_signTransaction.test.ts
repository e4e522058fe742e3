import { keccak256, parseTransaction, recoverTransactionAddress, type Hex, type TransactionSerialized } from 'viem'
import { describe, expect } from 'vitest'
import { devAccount, hex, receiptOf, type DevServer } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTestWith } from '../helpers/rpcTest.ts'

const GWEI = 10n ** 9n
const test = rpcTestWith([{ name: 'dev' }, { name: 'manual', mining: { auto: false } }])
let server: DevServer
let url: string
let manual: string
test.beforeAll(async ({ server: started }) => {
  server = started
  url = server.url
  manual = server.networks.manual!.url
})

const from = devAccount(1).address
const to = devAccount(8).address
const sign = (tx: Record<string, unknown>, target = url) => rpc<TransactionSerialized>(target, 'eth_signTransaction', [tx])

describe('valid params', () => {
  test('a transfer signed by the account with the fields eth_sendTransaction fills, and nothing sent', async () => {
    const nonce = await rpc<Hex>(url, 'eth_getTransactionCount', [from, 'pending'])
    const latest = await rpc(url, 'eth_getBlockByNumber', ['latest', false])
    const raw = await sign({ from, to, value: '0x2a' })
    expect(await recoverTransactionAddress({ serializedTransaction: raw })).toBe(from)
    const nextBaseFee = (BigInt(latest.baseFeePerGas) * 7n) / 8n
    expect(parseTransaction(raw)).toMatchObject({
      type: 'eip1559',
      chainId: 31337,
      nonce: Number(nonce),
      to: to.toLowerCase(),
      value: 42n,
      gas: 21_000n,
      maxPriorityFeePerGas: GWEI,
      maxFeePerGas: 2n * nextBaseFee + GWEI,
    })
    expect(await rpc(url, 'eth_getTransactionCount', [from, 'pending'])).toBe(nonce)
    expect(await rpc(url, 'eth_getTransactionByHash', [keccak256(raw)])).toBeNull()
  })

  test('the signed transaction is accepted by eth_sendRawTransaction and mined', async () => {
    const raw = await sign({ from, to, value: '0x1' })
    const hash = await rpc<Hex>(url, 'eth_sendRawTransaction', [raw])
    expect(hash).toBe(keccak256(raw))
    expect((await receiptOf(url, hash)).status).toBe('0x1')
  })

  test('fields given are signed as given; gasPrice makes it legacy with EIP-155', async () => {
    const raw = await sign({ from, to, nonce: '0x63', gas: hex(30_000), gasPrice: hex(7n * GWEI), data: '0xc0ffee', chainId: '0x7a69' })
    expect(parseTransaction(raw)).toMatchObject({ type: 'legacy', chainId: 31337, nonce: 99, gas: 30_000n, gasPrice: 7n * GWEI, data: '0xc0ffee' })
  })

  test('with automine off, the nonce counts pooled transactions, as a send would', async () => {
    await rpc(manual, 'eth_sendTransaction', [{ from, to }])
    const pending = Number(await rpc<Hex>(manual, 'eth_getTransactionCount', [from, 'pending']))
    expect(parseTransaction(await sign({ from, to }, manual)).nonce).toBe(pending)
    expect(pending).toBe(Number(await rpc<Hex>(manual, 'eth_getTransactionCount', [from, 'latest'])) + 1)
  })
})

describe('invalid params', () => {
  test('an account the node holds no key of → -32000 unknown account', async () => {
    expect(await rpcError(url, 'eth_signTransaction', [{ from: '0x00000000000000000000000000000000000000aa', to }])).toEqual({
      code: -32000,
      message: 'unknown account',
    })
  })

  test("another chain's id → -32000 in geth's words", async () => {
    expect(await rpcError(url, 'eth_signTransaction', [{ from, to, chainId: '0x1' }])).toEqual({
      code: -32000,
      message: "chainId does not match node's (have=1, want=31337)",
    })
  })

  const cases: Array<[string, unknown[], RegExp]> = [
    ['no from → -32602', [{ to }], /invalid argument 0: missing "from"/],
    [
      'gasPrice with maxFeePerGas → -32602',
      [{ from, to, gasPrice: '0x1', maxFeePerGas: '0x2' }],
      /both gasPrice and \(maxFeePerGas or maxPriorityFeePerGas\) specified/,
    ],
    ['a nonce past 64 bits → -32602', [{ from, to, nonce: `0x1${'0'.repeat(16)}` }], /hex number > 64 bits/],
    ['not an object → -32602', ['0x01'], /invalid argument 0: expected transaction call object/],
    ['no params → -32602', [], /missing value for required argument 0/],
  ]
  for (const [name, params, message] of cases) {
    test(name, async () => {
      const error = await rpcError(url, 'eth_signTransaction', params)
      expect(error.code).toBe(-32602)
      expect(error.message).toMatch(message)
    })
  }
})
