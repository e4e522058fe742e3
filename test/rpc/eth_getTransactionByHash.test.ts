import type { Hex } from 'viem'
import { keccak256, parseTransaction } from 'viem/utils'
import { describe, expect } from 'vitest'
import { deployEmitterViaRpc, devAccount, emitterCall, hex, nextNonce, receiptOf, send, signRaw, type DevServer } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTestWith } from '../helpers/rpcTest.ts'

const CHAIN_ID = 31337
const GWEI = 10n ** 9n
const BASE = [
  'blockHash',
  'blockNumber',
  'blockTimestamp',
  'from',
  'gas',
  'gasPrice',
  'hash',
  'input',
  'nonce',
  'to',
  'transactionIndex',
  'value',
  'type',
  'v',
  'r',
  's',
]
const TYPED = [...BASE, 'chainId', 'accessList', 'yParity']
const FIELDS = {
  legacy: BASE,
  eip155: [...BASE, 'chainId'],
  eip2930: TYPED,
  eip1559: [...TYPED, 'maxFeePerGas', 'maxPriorityFeePerGas'],
  eip7702: [...TYPED, 'maxFeePerGas', 'maxPriorityFeePerGas', 'authorizationList'],
}

const a0 = devAccount(0).address
const recipient = devAccount(9).address
const storageKey = `0x${'00'.repeat(31)}01` as Hex

const test = rpcTestWith([{ name: 'dev' }, { name: 'manual', mining: { auto: false } }])
let server: DevServer
let url: string
let manual: string
let emitter: Hex
/** Raw transactions of every type, mined on `dev`, by name. */
const raws: Record<keyof typeof FIELDS, Hex> = {} as never
let creation: Hex

type WireTx = Record<string, any>

async function sendRaw(target: string, raw: Hex): Promise<Hex> {
  return rpc<Hex>(target, 'eth_sendRawTransaction', [raw])
}

/** What the transaction carries on the wire, checked against what viem signed. */
async function expectSignedFields(tx: WireTx, raw: Hex) {
  const parsed = parseTransaction(raw)
  expect(tx.hash).toBe(keccak256(raw))
  expect(BigInt(tx.nonce)).toBe(BigInt(parsed.nonce!))
  expect(BigInt(tx.gas)).toBe(parsed.gas)
  expect(BigInt(tx.value)).toBe(parsed.value ?? 0n)
  expect(tx.input).toBe(parsed.data ?? '0x')
  expect(tx.to).toBe(parsed.to ? parsed.to.toLowerCase() : null)
  expect(BigInt(tx.r)).toBe(BigInt(parsed.r!))
  expect(BigInt(tx.s)).toBe(BigInt(parsed.s!))
  for (const [key, value] of Object.entries(tx)) {
    if (typeof value === 'string') expect(value, key).toBe(value.toLowerCase())
  }
}

/** The block data the transaction names, checked against the block and the receipt. */
async function expectMinedPosition(tx: WireTx) {
  const receipt = await receiptOf(url, tx.hash)
  expect(tx.blockHash).toBe(receipt.blockHash)
  expect(tx.blockNumber).toBe(receipt.blockNumber)
  expect(tx.transactionIndex).toBe(receipt.transactionIndex)
  const block = await rpc(url, 'eth_getBlockByHash', [tx.blockHash, false])
  expect(tx.blockTimestamp).toBe(block.timestamp)
  expect(block.transactions[Number(tx.transactionIndex)]).toBe(tx.hash)
  return { receipt, block }
}

test.beforeAll(async ({ server: started }) => {
  server = started
  url = server.url
  manual = server.networks.manual!.url
  emitter = await deployEmitterViaRpc(url)
  creation = (await rpc(url, 'eth_getBlockByNumber', ['0x1', false])).transactions[0]
  const gasPrice = 3n * GWEI
  raws.legacy = await signRaw(url, 1, { type: 'legacy', to: recipient, value: 1n, gas: 21_000n, gasPrice })
  await sendRaw(url, raws.legacy)
  raws.eip155 = await signRaw(url, 1, { type: 'legacy', chainId: CHAIN_ID, to: recipient, value: 2n, gas: 21_000n, gasPrice })
  await sendRaw(url, raws.eip155)
  raws.eip2930 = await signRaw(url, 2, {
    type: 'eip2930',
    chainId: CHAIN_ID,
    to: emitter,
    gas: 100_000n,
    gasPrice,
    data: emitterCall('emitOneTopic', [5n]),
    accessList: [{ address: emitter, storageKeys: [storageKey] }],
  })
  await sendRaw(url, raws.eip2930)
  raws.eip1559 = await signRaw(url, 3, {
    type: 'eip1559',
    chainId: CHAIN_ID,
    to: emitter,
    gas: 100_000n,
    maxFeePerGas: 5n * GWEI,
    maxPriorityFeePerGas: 2n * GWEI,
    data: emitterCall('emitTwoTopics', [1n, 2n]),
  })
  await sendRaw(url, raws.eip1559)
  const authority = devAccount(7)
  const authorization = await authority.signAuthorization({
    address: emitter,
    chainId: CHAIN_ID,
    nonce: await nextNonce(url, authority.address),
  })
  raws.eip7702 = await signRaw(url, 4, {
    type: 'eip7702',
    chainId: CHAIN_ID,
    to: authority.address,
    gas: 200_000n,
    maxFeePerGas: 5n * GWEI,
    maxPriorityFeePerGas: GWEI,
    authorizationList: [authorization],
  })
  await sendRaw(url, raws.eip7702)
})

const byHash = (target: string, hash: string) => rpc<WireTx | null>(target, 'eth_getTransactionByHash', [hash])

describe('valid params', () => {
  for (const type of Object.keys(FIELDS) as Array<keyof typeof FIELDS>) {
    test(`mined ${type} transaction → exactly geth's fields for its type, as signed, with its block`, async () => {
      const raw = raws[type]
      const tx = (await byHash(url, keccak256(raw)))!
      expect(Object.keys(tx).sort()).toEqual([...FIELDS[type]].sort())
      await expectSignedFields(tx, raw)
      expect(tx.from).toBe(devAccount({ legacy: 1, eip155: 1, eip2930: 2, eip1559: 3, eip7702: 4 }[type]).address.toLowerCase())
      expect(tx.type).toBe(hex({ legacy: 0, eip155: 0, eip2930: 1, eip1559: 2, eip7702: 4 }[type]))
      await expectMinedPosition(tx)
    })
  }

  test('legacy without chain id: v is 27 or 28 and there is no chainId', async () => {
    const tx = (await byHash(url, keccak256(raws.legacy)))!
    expect(['0x1b', '0x1c']).toContain(tx.v)
    expect(tx.gasPrice).toBe(hex(3n * GWEI))
  })

  test('EIP-155 legacy: chainId, and v = chainId × 2 + 35 + parity', async () => {
    const tx = (await byHash(url, keccak256(raws.eip155)))!
    expect(tx.chainId).toBe(hex(CHAIN_ID))
    const parity = parseTransaction(raws.eip155).v! - BigInt(CHAIN_ID * 2 + 35)
    expect([0n, 1n]).toContain(parity)
    expect(tx.v).toBe(hex(BigInt(CHAIN_ID * 2 + 35) + parity))
  })

  test('typed transactions: v equals yParity, chainId and the access list as signed', async () => {
    const tx = (await byHash(url, keccak256(raws.eip2930)))!
    const parsed = parseTransaction(raws.eip2930)
    expect(tx.yParity).toBe(hex(parsed.yParity!))
    expect(tx.v).toBe(tx.yParity)
    expect(tx.chainId).toBe(hex(CHAIN_ID))
    expect(tx.accessList).toEqual([{ address: emitter, storageKeys: [storageKey] }])
    expect(tx.gasPrice).toBe(hex(3n * GWEI))
  })

  test('mined EIP-1559: gasPrice is what was paid, min(baseFee + tip, maxFee)', async () => {
    const tx = (await byHash(url, keccak256(raws.eip1559)))!
    const { receipt, block } = await expectMinedPosition(tx)
    const baseFee = BigInt(block.baseFeePerGas)
    const paid = baseFee + 2n * GWEI < 5n * GWEI ? baseFee + 2n * GWEI : 5n * GWEI
    expect(tx.gasPrice).toBe(hex(paid))
    expect(tx.gasPrice).toBe(receipt.effectiveGasPrice)
    expect(tx.maxFeePerGas).toBe(hex(5n * GWEI))
    expect(tx.maxPriorityFeePerGas).toBe(hex(2n * GWEI))
    expect(tx.accessList).toEqual([])
  })

  test('EIP-7702: the authorization list as signed', async () => {
    const tx = (await byHash(url, keccak256(raws.eip7702)))!
    const [auth] = parseTransaction(raws.eip7702).authorizationList!
    expect(tx.authorizationList).toEqual([
      {
        chainId: hex(auth!.chainId),
        address: auth!.address.toLowerCase(),
        nonce: hex(auth!.nonce),
        yParity: hex(auth!.yParity!),
        r: hex(BigInt(auth!.r)),
        s: hex(BigInt(auth!.s)),
      },
    ])
    // The delegation took effect: the authority's code is the EIP-7702 designator.
    expect(await rpc(url, 'eth_getCode', [devAccount(7).address])).toBe(`0xef0100${emitter.slice(2)}`)
  })

  test('contract creation → to is null and input is the init code', async () => {
    const tx = (await byHash(url, creation))!
    expect(tx.to).toBeNull()
    expect(tx.input.length).toBeGreaterThan(100)
    expect((await receiptOf(url, creation)).contractAddress).toBe(emitter)
  })

  test('a transaction sent with eth_sendTransaction is found by the hash it returned', async () => {
    const hash = await send(url, { from: a0, to: recipient, value: '0x5' })
    expect(await byHash(url, hash)).toMatchObject({ hash, from: a0.toLowerCase(), to: recipient.toLowerCase(), value: '0x5' })
  })

  test('pooled transaction → its fields with null blockHash, blockNumber, blockTimestamp, transactionIndex', async () => {
    const raw = await signRaw(manual, 5, {
      type: 'eip1559',
      chainId: CHAIN_ID,
      to: recipient,
      value: 7n,
      gas: 21_000n,
      maxFeePerGas: 9n * GWEI,
      maxPriorityFeePerGas: GWEI,
    })
    const hash = await sendRaw(manual, raw)
    const tx = (await byHash(manual, hash))!
    expect(Object.keys(tx).sort()).toEqual([...FIELDS.eip1559].sort())
    expect(tx).toMatchObject({ blockHash: null, blockNumber: null, blockTimestamp: null, transactionIndex: null })
    await expectSignedFields(tx, raw)
    // geth: a fee-market transaction not yet mined reports its fee cap as gasPrice.
    expect(tx.gasPrice).toBe(hex(9n * GWEI))

    await rpc(manual, 'evm_mine')
    const mined = (await byHash(manual, hash))!
    const block = await rpc(manual, 'eth_getBlockByNumber', ['latest', false])
    expect(mined).toMatchObject({ blockHash: block.hash, blockNumber: block.number, blockTimestamp: block.timestamp, transactionIndex: '0x0' })
  })

  test('pooled legacy transaction → gasPrice as signed, null position', async () => {
    const raw = await signRaw(manual, 6, { type: 'legacy', chainId: CHAIN_ID, to: recipient, gas: 21_000n, gasPrice: 4n * GWEI })
    const tx = (await byHash(manual, await sendRaw(manual, raw)))!
    expect(Object.keys(tx).sort()).toEqual([...FIELDS.eip155].sort())
    expect(tx).toMatchObject({ blockHash: null, blockNumber: null, transactionIndex: null, gasPrice: hex(4n * GWEI) })
  })

  test('unknown hash → null', async () => {
    expect(await byHash(url, keccak256('0xdeadbeef'))).toBeNull()
  })

  test('upper-case hex digits are normalised', async () => {
    const hash = keccak256(raws.eip1559)
    const upper = `0x${hash.slice(2).toUpperCase()}`
    expect(upper).not.toBe(hash)
    expect(await byHash(url, upper)).toEqual(await byHash(url, hash))
  })
})

describe('invalid params', () => {
  const hash = keccak256('0x01')
  const cases: Array<[string, unknown[], RegExp]> = [
    ['31 bytes → -32602 naming the length', [hash.slice(0, 64)], /argument 0: hex string has length 62, want 64 for hash/],
    ['33 bytes → -32602 naming the length', [`${hash}00`], /argument 0: hex string has length 66, want 64 for hash/],
    ['odd number of digits → -32602 naming the length', [hash.slice(0, 65)], /argument 0: hex string has length 63, want 64/],
    ['no 0x prefix → -32602', [hash.slice(2)], /argument 0: hex string without 0x prefix/],
    ['0X prefix → -32602 (only 0x)', [`0X${hash.slice(2)}`], /argument 0: hex string without 0x prefix/],
    ['non-hex digits → -32602', [`0x${'g'.repeat(64)}`], /argument 0: invalid hex string/],
    ['empty string → -32602', [''], /argument 0: hex string without 0x prefix/],
    ['a number → -32602 saying a hash was expected', [1], /argument 0: expected 0x-prefixed 32-byte hash/],
    ['null → -32602 saying a hash was expected', [null], /argument 0: expected 0x-prefixed 32-byte hash/],
    ['an object → -32602 saying a hash was expected', [{ hash }], /argument 0: expected 0x-prefixed 32-byte hash/],
    ['no params → -32602 missing argument', [], /missing value for required argument 0/],
    ['two params → -32602 too many arguments', [hash, true], /too many arguments/],
  ]
  for (const [name, params, message] of cases) {
    test(name, async () => {
      const error = await rpcError(url, 'eth_getTransactionByHash', params)
      expect(error.code).toBe(-32602)
      expect(error.message).toMatch(message)
    })
  }
})
