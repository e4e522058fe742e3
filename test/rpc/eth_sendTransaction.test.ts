import type { Hex } from 'viem'
import { describe, expect } from 'vitest'
import { EventEmitter } from '../../src/contracts/index.ts'
import { devAccount, emitterCall, hex, receiptOf, type DevServer } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTestWith } from '../helpers/rpcTest.ts'

const GWEI = 10n ** 9n
const a0 = devAccount(0).address.toLowerCase() as Hex
const to = devAccount(9).address.toLowerCase() as Hex

const test = rpcTestWith([{ name: 'dev' }, { name: 'manual', mining: { auto: false } }])
let server: DevServer
let url: string
let manual: string

test.beforeAll(async ({ server: started }) => {
  server = started
  url = server.url
  manual = server.networks.manual!.url
})

const sendTx = (tx: Record<string, unknown>, target = url) => rpc<Hex>(target, 'eth_sendTransaction', [tx])

describe('valid params', () => {
  test('signed by the dev account and mined: an EIP-1559 transfer with Anvil’s defaults', async () => {
    const latest = await rpc(url, 'eth_getBlockByNumber', ['latest', false])
    const nonce = await rpc(url, 'eth_getTransactionCount', [a0, 'pending'])
    const hash = await sendTx({ from: a0, to, value: '0x2a' })
    expect((await receiptOf(url, hash)).status).toBe('0x1')
    const nextBaseFee = (BigInt(latest.baseFeePerGas) * 7n) / 8n
    expect(await rpc(url, 'eth_getTransactionByHash', [hash])).toMatchObject({
      from: a0,
      to,
      value: '0x2a',
      nonce,
      type: '0x2',
      gas: '0x5208',
      maxPriorityFeePerGas: hex(GWEI),
      maxFeePerGas: hex(2n * nextBaseFee + GWEI),
      chainId: '0x7a69',
    })
  })

  test('gasPrice given → a legacy transaction with EIP-155 protection', async () => {
    const hash = await sendTx({ from: a0, to, gasPrice: hex(3n * GWEI) })
    const tx = await rpc(url, 'eth_getTransactionByHash', [hash])
    expect(tx).toMatchObject({ type: '0x0', gasPrice: hex(3n * GWEI), chainId: '0x7a69' })
    expect(['0xf4f5', '0xf4f6']).toContain(tx.v)
  })

  test('given gas, nonce, fees and access list are used as given', async () => {
    const nonce = await rpc<Hex>(url, 'eth_getTransactionCount', [a0, 'pending'])
    const accessList = [{ address: to, storageKeys: [`0x${'00'.repeat(31)}07`] }]
    const hash = await sendTx({
      from: a0,
      to,
      gas: hex(50_000),
      nonce,
      maxFeePerGas: hex(9n * GWEI),
      maxPriorityFeePerGas: hex(2n * GWEI),
      accessList,
    })
    expect(await rpc(url, 'eth_getTransactionByHash', [hash])).toMatchObject({
      gas: hex(50_000),
      nonce,
      maxFeePerGas: hex(9n * GWEI),
      maxPriorityFeePerGas: hex(2n * GWEI),
      accessList,
    })
  })

  test('no to → a contract creation; `input` and `data` both carry the code', async () => {
    for (const field of ['data', 'input']) {
      const receipt = await receiptOf(url, await sendTx({ from: a0, [field]: EventEmitter.bytecode }))
      expect(receipt).toMatchObject({ status: '0x1', to: null })
      expect(await rpc(url, 'eth_getCode', [receipt.contractAddress, 'latest'])).toBe(EventEmitter.deployedBytecode)
    }
  })

  test('the gas filled in is enough for a contract call', async () => {
    const { contractAddress } = await receiptOf(url, await sendTx({ from: a0, data: EventEmitter.bytecode }))
    const receipt = await receiptOf(url, await sendTx({ from: a0, to: contractAddress, data: emitterCall('emitMany', [25n]) }))
    expect(receipt.status).toBe('0x1')
    expect(receipt.logs).toHaveLength(25)
  })

  test('manual mining: back-to-back sends take consecutive nonces and are mined together', async () => {
    const from = devAccount(1).address
    const first = await sendTx({ from, to }, manual)
    const second = await sendTx({ from, to }, manual)
    expect((await rpc(manual, 'eth_getTransactionByHash', [first])).nonce).toBe('0x0')
    expect((await rpc(manual, 'eth_getTransactionByHash', [second])).nonce).toBe('0x1')
    await rpc(manual, 'evm_mine')
    expect((await receiptOf(manual, first)).blockNumber).toBe((await receiptOf(manual, second)).blockNumber)
  })
})

describe('refusals', () => {
  test('from an account the node has no key for → -32000 unknown account', async () => {
    const from = '0x00000000000000000000000000000000000000aa'
    expect(await rpcError(url, 'eth_sendTransaction', [{ from, to }])).toEqual({ code: -32000, message: 'unknown account' })
  })

  test("gas over Osaka's cap of 2^24 (EIP-7825) → geth's -32000, over the block's gas limit too → exceeds block gas limit", async () => {
    expect(await rpcError(url, 'eth_sendTransaction', [{ from: a0, to, gas: hex(2 ** 24 + 1) }])).toEqual({
      code: -32000,
      message: 'transaction gas limit too high (cap: 16777216, tx: 16777217)',
    })
    expect(await rpcError(url, 'eth_sendTransaction', [{ from: a0, to, gas: hex(30_000_001) }])).toEqual({ code: -32000, message: 'exceeds block gas limit' })
  })

  test('a nonce already used → -32000 nonce too low', async () => {
    expect(await rpcError(url, 'eth_sendTransaction', [{ from: a0, to, nonce: '0x0' }])).toMatchObject({
      code: -32000,
      message: expect.stringMatching(/^nonce too low/),
    })
  })

  test("a chainId other than the network's → geth's -32000, and nothing is sent", async () => {
    const nonce = await rpc(url, 'eth_getTransactionCount', [a0, 'pending'])
    expect(await rpcError(url, 'eth_sendTransaction', [{ from: a0, to, chainId: '0x1' }])).toEqual({
      code: -32000,
      message: "chainId does not match node's (have=1, want=31337)",
    })
    expect(await rpc(url, 'eth_getTransactionCount', [a0, 'pending'])).toBe(nonce)
  })

  test('more value than the balance → -32000 insufficient funds', async () => {
    expect(await rpcError(url, 'eth_sendTransaction', [{ from: a0, to, value: hex(10n ** 30n) }])).toMatchObject({
      code: -32000,
      message: expect.stringMatching(/^insufficient funds for gas \* price \+ value/),
    })
  })
})

describe('invalid params', () => {
  const cases: Array<[string, unknown[], RegExp]> = [
    ['no from → -32602', [{ to }], /argument 0: missing "from"/],
    ['a malformed from → -32602', [{ from: '0xabc', to }], /argument 0: from:/],
    ['a transaction that is not an object → -32602', ['0x1234'], /argument 0: expected transaction call object/],
    ['no params → -32602', [], /missing value for required argument 0/],
  ]
  for (const [name, params, message] of cases) {
    test(name, async () => {
      const error = await rpcError(url, 'eth_sendTransaction', params)
      expect(error.code).toBe(-32602)
      expect(error.message).toMatch(message)
    })
  }
})
