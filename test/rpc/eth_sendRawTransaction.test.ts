import type { Hex } from 'viem'
import { keccak256, parseTransaction, serializeTransaction } from 'viem/utils'
import { describe, expect } from 'vitest'
import { devAccount, hex, nextNonce, receiptOf, signRaw, type DevServer } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTestWith } from '../helpers/rpcTest.ts'

const CHAIN_ID = 31337
const GWEI = 10n ** 9n
const SECP256K1_N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n
const to = devAccount(9).address

const test = rpcTestWith([{ name: 'dev' }, { name: 'manual', mining: { auto: false } }])
let server: DevServer
let url: string
let manual: string

test.beforeAll(async ({ server: started }) => {
  server = started
  url = server.url
  manual = server.networks.manual!.url
})

const sendRaw = (target: string, raw: unknown) => rpc<Hex>(target, 'eth_sendRawTransaction', [raw])
const fee = { maxFeePerGas: 20n * GWEI, maxPriorityFeePerGas: GWEI }
const transfer = (index: number, fields: Record<string, unknown> = {}, target = url) =>
  signRaw(target, index, { type: 'eip1559', chainId: CHAIN_ID, to, value: 1n, gas: 21_000n, ...fee, ...fields } as never)

describe('valid params', () => {
  test('a signed EIP-1559 transfer → its hash, mined at once under automine', async () => {
    const before = BigInt(await rpc(url, 'eth_getBalance', [to, 'latest']))
    const raw = await transfer(0, { value: 12_345n })
    const hash = await sendRaw(url, raw)
    expect(hash).toBe(keccak256(raw))
    expect((await receiptOf(url, hash)).status).toBe('0x1')
    expect(BigInt(await rpc(url, 'eth_getBalance', [to, 'latest']))).toBe(before + 12_345n)
  })

  test('every supported type is accepted: legacy (with and without EIP-155), EIP-2930, EIP-7702', async () => {
    // Each is signed once the previous one is mined, with the nonce the node reports.
    const legacy = { to, gas: 21_000n, gasPrice: 5n * GWEI }
    for (const tx of [
      { type: 'legacy', ...legacy },
      { type: 'legacy', chainId: CHAIN_ID, ...legacy },
      { type: 'eip2930', chainId: CHAIN_ID, ...legacy, gas: 30_000n, accessList: [{ address: to, storageKeys: [] }] },
    ]) {
      const receipt = await receiptOf(url, await sendRaw(url, await signRaw(url, 1, tx as never)))
      expect(receipt.status).toBe('0x1')
    }
    const authority = devAccount(8)
    const authorization = await authority.signAuthorization({ address: to, chainId: CHAIN_ID, nonce: await nextNonce(url, authority.address) })
    const setCode = await signRaw(url, 1, {
      type: 'eip7702',
      chainId: CHAIN_ID,
      to: authority.address,
      gas: 100_000n,
      ...fee,
      authorizationList: [authorization],
    })
    expect((await receiptOf(url, await sendRaw(url, setCode))).type).toBe('0x4')
  })

  test('manual mining: the transaction waits in the pool until a block is mined', async () => {
    const hash = await sendRaw(manual, await transfer(0, {}, manual))
    expect(await rpc(manual, 'eth_getTransactionReceipt', [hash])).toBeNull()
    expect(await rpc(manual, 'eth_getTransactionByHash', [hash])).toMatchObject({ hash, blockHash: null })
    await rpc(manual, 'evm_mine')
    expect((await receiptOf(manual, hash)).blockNumber).toBe('0x1')
  })

  test('a nonce gap waits; the missing nonce mines both', async () => {
    const nonce = await nextNonce(url, devAccount(2).address)
    const later = await sendRaw(url, await transfer(2, { nonce: nonce + 1 }))
    expect(await rpc(url, 'eth_getTransactionReceipt', [later])).toBeNull()
    const first = await sendRaw(url, await transfer(2, { nonce }))
    expect((await receiptOf(url, first)).status).toBe('0x1')
    expect((await receiptOf(url, later)).status).toBe('0x1')
  })

  test('a pooled transaction is replaced by one with the same nonce and 10% higher fees', async () => {
    const nonce = await nextNonce(manual, devAccount(3).address)
    const old = await sendRaw(manual, await transfer(3, { nonce }, manual))
    const replacement = await sendRaw(manual, await transfer(3, { nonce, maxFeePerGas: 22n * GWEI, maxPriorityFeePerGas: 2n * GWEI }, manual))
    expect(await rpc(manual, 'eth_getTransactionByHash', [old])).toBeNull()
    expect(await rpc(manual, 'eth_getTransactionByHash', [replacement])).toMatchObject({ hash: replacement })
  })
})

describe('refusals: -32000 with the reason, and nothing is added', () => {
  const refusals: Array<[string, () => Promise<Hex>, RegExp]> = [
    [
      'nonce too low',
      () =>
        transfer(4, { nonce: 0 }).then(async (raw) => {
          await sendRaw(url, raw)
          return transfer(4, { nonce: 0, value: 2n })
        }),
      /^nonce too low: next nonce 1, tx nonce 0$/,
    ],
    ['insufficient funds', () => transfer(5, { value: 10n ** 30n }), /^insufficient funds for gas \* price \+ value/],
    ['wrong chain id', () => signRaw(url, 5, { type: 'eip1559', chainId: 1, to, gas: 21_000n, ...fee }), /^invalid chain id for signer$/],
    ['gas above the block gas limit', () => transfer(5, { gas: 30_000_001n }), /^exceeds block gas limit$/],
    ['gas below the intrinsic cost', () => transfer(5, { gas: 20_999n }), /^intrinsic gas too low: gas 20999, minimum needed 21000$/],
    ['fee cap below the base fee', () => transfer(5, { maxFeePerGas: 1n, maxPriorityFeePerGas: 1n }), /^max fee per gas less than block base fee/],
    [
      'a high-s signature (EIP-2)',
      async () => {
        const raw = await transfer(5)
        const { r, s, yParity, ...fields } = parseTransaction(raw)
        return serializeTransaction(fields as never, { r: r!, s: hex(SECP256K1_N - BigInt(s!)), yParity: 1 - yParity! })
      },
      /^invalid sender/,
    ],
    [
      'a blob transaction',
      () =>
        signRaw(url, 5, {
          type: 'eip4844',
          chainId: CHAIN_ID,
          to,
          gas: 21_000n,
          ...fee,
          maxFeePerBlobGas: GWEI,
          blobVersionedHashes: [`0x01${'00'.repeat(31)}`],
        }),
      /blob/,
    ],
    ['bytes that are no transaction', async () => '0x1234', /^invalid transaction/],
    ['empty bytes', async () => '0x', /^invalid transaction/],
  ]
  for (const [name, makeRaw, reason] of refusals) {
    test(`${name} → -32000`, async () => {
      const raw = await makeRaw()
      const head = await rpc(url, 'eth_blockNumber')
      const error = await rpcError(url, 'eth_sendRawTransaction', [raw])
      expect(error.code).toBe(-32000)
      expect(error.message).toMatch(reason)
      expect(await rpc(url, 'eth_blockNumber')).toBe(head)
      expect(await rpc(url, 'eth_getTransactionByHash', [keccak256(raw as Hex)])).toBeNull()
    })
  }

  test('the same transaction twice → -32000 already known (pooled, and mined)', async () => {
    const pooled = await transfer(6, {}, manual)
    await sendRaw(manual, pooled)
    expect(await rpcError(manual, 'eth_sendRawTransaction', [pooled])).toEqual({ code: -32000, message: 'already known' })
    const mined = await transfer(6)
    await sendRaw(url, mined)
    expect(await rpcError(url, 'eth_sendRawTransaction', [mined])).toEqual({ code: -32000, message: 'already known' })
  })

  test('same nonce without a 10% fee bump → -32000 replacement transaction underpriced', async () => {
    const nonce = await nextNonce(manual, devAccount(7).address)
    await sendRaw(manual, await transfer(7, { nonce }, manual))
    const cheap = await transfer(7, { nonce, value: 99n, maxFeePerGas: 21n * GWEI }, manual)
    expect(await rpcError(manual, 'eth_sendRawTransaction', [cheap])).toEqual({ code: -32000, message: 'replacement transaction underpriced' })
  })
})

describe('invalid params', () => {
  const cases: Array<[string, unknown[], RegExp]> = [
    ['data without 0x → -32602', ['f86c'], /argument 0: hex string without 0x prefix/],
    ['odd-length hex → -32602', ['0xf86'], /argument 0: hex string has odd length/],
    ['a JSON number → -32602', [1], /argument 0: expected 0x-prefixed hex data/],
    ['no params → -32602', [], /missing value for required argument 0/],
  ]
  for (const [name, params, message] of cases) {
    test(name, async () => {
      const error = await rpcError(url, 'eth_sendRawTransaction', params)
      expect(error.code).toBe(-32602)
      expect(error.message).toMatch(message)
    })
  }
})
