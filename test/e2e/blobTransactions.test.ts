import {
  blobsToCommitments,
  commitmentsToVersionedHashes,
  createPublicClient,
  createWalletClient,
  defineChain,
  hexToBigInt,
  http,
  parseGwei,
  stringToHex,
  toBlobs,
  toHex,
  type Chain,
  type Hex,
  type PublicClient,
} from 'viem'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { isKzgLoaded } from '../../src/evm/index.ts'
import { loadImportedNetwork } from '../../src/importedNetwork.ts'
import { startServer, type RunningServer } from '../../src/server.ts'
import { blobBaseFeeFor, pointEvaluationInput, sidecarOf, signBlobTransaction, testKzg } from '../helpers/blobs.ts'
import { startChainsim, type Chainsim, type ChainsimNetwork } from '../../src/testing/index.ts'
import { devAccount } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'

/**
 * Blob (type 3) transactions end to end: viem builds and signs them with its blob utilities and a
 * KZG of its own, sends them over real HTTP, and reads back what geth would answer; blob gas is
 * held to EIP-4844's formulas over several blocks; reorgs re-include them or pool them again.
 */

// Prague's blob schedule (EIP-7691): target 6 blobs, max 9, update fraction 5007716; `manual` runs Prague (Osaka's
// EIP-7918 reserve price and the BPO schedules change the excess and fees this file checks).
const GAS_PER_BLOB = 131_072n
const TARGET = 6n * GAS_PER_BLOB
const MAX = 9n * GAS_PER_BLOB
const UPDATE_FRACTION = 5_007_716n

let server: Chainsim
let dev: ChainsimNetwork
let manual: ChainsimNetwork
let client: PublicClient

beforeAll(async () => {
  server = await startChainsim({
    networks: [
      { name: 'dev', chainId: 31337 },
      { name: 'manual', chainId: 1337, mining: { auto: false }, hardfork: 'prague' },
    ],
  })
  dev = server.networks.dev!
  manual = server.networks.manual!
  client = createPublicClient({ chain: chainOf(dev, 31337), transport: http() })
})

afterAll(() => server.close())

function chainOf(served: ChainsimNetwork, id: number): Chain {
  return defineChain({ id, name: served.name, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [served.url] } } })
}

type RpcBlock = { number: Hex; hash: Hex | null; blobGasUsed: Hex; excessBlobGas: Hex; transactions: Hex[] }
const block = (url: string, tag: string) => rpc<RpcBlock>(url, 'eth_getBlockByNumber', [tag, false])

describe('one blob transaction from viem', () => {
  test('the KZG setup is loaded by the first blob, not by starting the server or plain transactions', async () => {
    const wallet = createWalletClient({ chain: chainOf(dev, 31337), transport: http(), account: devAccount(0) })
    await client.waitForTransactionReceipt({ hash: await wallet.sendTransaction({ to: devAccount(9).address, value: 1n }) })
    expect(isKzgLoaded()).toBe(false)
    const raw = await signBlobTransaction({ account: devAccount(8), chainId: 31337, nonce: 0, sidecars: [sidecarOf('first blob')] })
    await rpc(dev.url, 'eth_sendRawTransaction', [raw])
    expect(isKzgLoaded()).toBe(true)
  })

  test('sent with blobs and a KZG: mined, read back with geth’s fields, blob gas charged as the EVM does', async () => {
    const account = devAccount(1)
    const wallet = createWalletClient({ chain: chainOf(dev, 31337), transport: http(), account })
    const blobs = toBlobs({ data: stringToHex('chainsim carries blobs') })
    const before = await client.getBalance({ address: account.address })
    const hash = await wallet.sendTransaction({ blobs, kzg: testKzg, maxFeePerBlobGas: parseGwei('1'), to: devAccount(9).address, value: 5n })
    const receipt = await client.getTransactionReceipt({ hash })
    expect(receipt).toMatchObject({ status: 'success', type: 'eip4844', blobGasUsed: GAS_PER_BLOB })
    const mined = await block(dev.url, toHex(receipt.blockNumber))
    expect(hexToBigInt(mined.blobGasUsed)).toBe(GAS_PER_BLOB)
    expect(receipt.blobGasPrice).toBe(blobBaseFeeFor(hexToBigInt(mined.excessBlobGas), UPDATE_FRACTION))
    // Gas at the effective price, blob gas at the block's blob gas price (burned), and the value.
    const paid = receipt.gasUsed * receipt.effectiveGasPrice + receipt.blobGasUsed! * receipt.blobGasPrice! + 5n
    expect(await client.getBalance({ address: account.address })).toBe(before - paid)

    const hashes = commitmentsToVersionedHashes({ commitments: blobsToCommitments({ blobs, kzg: testKzg }), to: 'hex' })
    const byHash = await rpc(dev.url, 'eth_getTransactionByHash', [hash])
    expect(byHash).toMatchObject({ type: '0x3', maxFeePerBlobGas: toHex(parseGwei('1')), blobVersionedHashes: hashes, blockHash: mined.hash })
    expect(Object.keys(byHash).sort()).toEqual([
      'accessList',
      'blobVersionedHashes',
      'blockHash',
      'blockNumber',
      'blockTimestamp',
      'chainId',
      'from',
      'gas',
      'gasPrice',
      'hash',
      'input',
      'maxFeePerBlobGas',
      'maxFeePerGas',
      'maxPriorityFeePerGas',
      'nonce',
      'r',
      's',
      'to',
      'transactionIndex',
      'type',
      'v',
      'value',
      'yParity',
    ])
    expect(await rpc(dev.url, 'eth_getTransactionByBlockNumberAndIndex', [mined.number, toHex(receipt.transactionIndex)])).toEqual(byHash)
    const [rpcReceipt] = await rpc<Array<Record<string, unknown>>>(dev.url, 'eth_getBlockReceipts', [mined.number])
    expect(rpcReceipt).toMatchObject({ blobGasUsed: toHex(GAS_PER_BLOB), blobGasPrice: toHex(receipt.blobGasPrice!) })
  })

  test('the point-evaluation precompile (0x0a) verifies a KZG proof of a blob, and refuses a wrong value', async () => {
    const z = `0x${'00'.repeat(31)}05` as Hex
    const { input, y } = pointEvaluationInput('first blob', z)
    const call = (data: Hex) => rpc<Hex>(dev.url, 'eth_call', [{ to: '0x000000000000000000000000000000000000000a', data, gas: '0x100000' }, 'latest'])
    // FIELD_ELEMENTS_PER_BLOB (4096) and the BLS modulus.
    expect(await call(input)).toBe(`0x${4096n.toString(16).padStart(64, '0')}73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001`)
    const wrongY = toHex(hexToBigInt(y) + 1n, { size: 32 }).slice(2)
    const error = await rpcError(dev.url, 'eth_call', [
      { to: '0x000000000000000000000000000000000000000a', data: input.replace(y.slice(2), wrongY), gas: '0x100000' },
      'latest',
    ])
    expect(error.code).toBe(-32000)
  })
})

describe('blob gas over several blocks (automine off)', () => {
  const senders = [2, 3, 4, 5, 6, 7].map(devAccount)
  const nonces = new Map<string, number>()
  const sidecar = () => sidecarOf('first blob')

  /** Pools one transaction of `blobs` blobs from `senders[i]`; returns its hash. */
  async function pool(i: number, blobs: number): Promise<Hex> {
    const account = senders[i]!
    const nonce = nonces.get(account.address) ?? 0
    nonces.set(account.address, nonce + 1)
    const raw = await signBlobTransaction({ account, chainId: 1337, nonce, sidecars: Array(blobs).fill(sidecar()) })
    return rpc<Hex>(manual.url, 'eth_sendRawTransaction', [raw])
  }

  test('headers follow EIP-4844: excess rises by what a block used above the target, falls below it; fees follow it', async () => {
    // Four transactions of 3 blobs: a block takes 9 blobs, the fourth waits in the pool for the next.
    const first = [await pool(0, 3), await pool(1, 3), await pool(2, 3), await pool(3, 3)]
    const pending = await block(manual.url, 'pending')
    expect(hexToBigInt(pending.blobGasUsed)).toBe(MAX)
    expect(pending.transactions).toEqual(first.slice(0, 3))
    const content = await rpc(manual.url, 'txpool_content')
    const pooled = Object.values(content.pending as Record<string, Record<string, Record<string, unknown>>>).flatMap((byNonce) => Object.values(byNonce))
    expect(pooled).toHaveLength(4)
    for (const tx of pooled) expect(tx).toMatchObject({ type: '0x3', maxFeePerBlobGas: toHex(10n ** 9n), blobVersionedHashes: expect.any(Array) })

    const blobsPerBlock = [9, 9, 9, 3]
    await rpc(manual.url, 'evm_mine')
    expect(await rpc(manual.url, 'txpool_status')).toEqual({ pending: '0x1', queued: '0x0' })
    await pool(4, 3)
    await pool(5, 3)
    await rpc(manual.url, 'evm_mine')
    await pool(0, 3)
    await pool(1, 3)
    await pool(2, 3)
    await rpc(manual.url, 'evm_mine')
    await pool(3, 3)
    await rpc(manual.url, 'evm_mine')

    const head = hexToBigInt(await rpc<Hex>(manual.url, 'eth_blockNumber'))
    const blocks = await Promise.all([0n, 1n, 2n, 3n, 4n].map((n) => block(manual.url, toHex(head - 4n + n))))
    for (const [i, mined] of blocks.slice(1).entries()) {
      const parent = blocks[i]!
      const excess = hexToBigInt(parent.excessBlobGas) + hexToBigInt(parent.blobGasUsed)
      expect(hexToBigInt(mined.excessBlobGas)).toBe(excess < TARGET ? 0n : excess - TARGET)
      expect(hexToBigInt(mined.blobGasUsed)).toBe(BigInt(blobsPerBlock[i]!) * GAS_PER_BLOB)
    }
    const excesses = blocks.map((b) => hexToBigInt(b.excessBlobGas))
    expect(excesses.slice(1)).toEqual([0n, 3n * GAS_PER_BLOB, 6n * GAS_PER_BLOB, 9n * GAS_PER_BLOB])

    const next = hexToBigInt(blocks[4]!.excessBlobGas) + hexToBigInt(blocks[4]!.blobGasUsed) - TARGET
    const fee = (excess: bigint) => toHex(blobBaseFeeFor(excess, UPDATE_FRACTION))
    expect(next).toBe(6n * GAS_PER_BLOB)
    expect(hexToBigInt((await block(manual.url, 'pending')).excessBlobGas)).toBe(next)
    expect(await rpc(manual.url, 'eth_blobBaseFee')).toBe(fee(excesses[4]!))
    expect(await rpc(manual.url, 'eth_feeHistory', ['0x4', 'latest'])).toMatchObject({
      oldestBlock: toHex(head - 3n),
      baseFeePerBlobGas: [...excesses.slice(1).map(fee), fee(next)],
      blobGasUsedRatio: blobsPerBlock.map((n) => n / 9),
    })
  })

  test('the blob fee rises with excess as fake_exponential(1, excess, 5007716)', () => {
    // Checks the formula the headers are held to, on values where it leaves 1 wei.
    expect(blobBaseFeeFor(0n, UPDATE_FRACTION)).toBe(1n)
    expect(blobBaseFeeFor(3_500_000n, UPDATE_FRACTION)).toBe(2n)
    expect(blobBaseFeeFor(10n * UPDATE_FRACTION, UPDATE_FRACTION)).toBe(22026n)
  })

  test('replacing a pooled blob transaction takes twice its fees (geth’s blob pool)', async () => {
    const account = devAccount(9)
    const nonce = Number(await rpc<Hex>(manual.url, 'eth_getTransactionCount', [account.address, 'pending']))
    const base = { account, chainId: 1337, nonce, sidecars: [sidecar()] }
    await rpc(manual.url, 'eth_sendRawTransaction', [await signBlobTransaction({ ...base, maxFeePerGas: 10n ** 10n, maxFeePerBlobGas: 10n ** 9n })])
    // Every fee doubled but the blob fee cap: not enough.
    const tooLittle = await signBlobTransaction({
      ...base,
      maxFeePerGas: 2n * 10n ** 10n,
      maxPriorityFeePerGas: 2n * 10n ** 9n,
      maxFeePerBlobGas: 19n * 10n ** 8n,
    })
    expect(await rpcError(manual.url, 'eth_sendRawTransaction', [tooLittle])).toMatchObject({ code: -32000, message: 'replacement transaction underpriced' })
    const doubled = await signBlobTransaction({
      ...base,
      maxFeePerGas: 2n * 10n ** 10n,
      maxPriorityFeePerGas: 2n * 10n ** 9n,
      maxFeePerBlobGas: 2n * 10n ** 9n,
    })
    const hash = await rpc<Hex>(manual.url, 'eth_sendRawTransaction', [doubled])
    expect(await rpc(manual.url, 'eth_getTransactionByHash', [hash])).toMatchObject({ maxFeePerBlobGas: toHex(2n * 10n ** 9n) })
  })
})

describe('a chain whose blob base fee is well above 1 wei (a geth genesis with excessBlobGas)', () => {
  const excess = 20n * UPDATE_FRACTION
  let imported: RunningServer
  let url: string

  beforeAll(async () => {
    const forks = Object.fromEntries(
      ['homestead', 'eip150', 'eip155', 'eip158', 'byzantium', 'constantinople', 'petersburg', 'istanbul', 'berlin', 'london'].map((f) => [`${f}Block`, 0]),
    )
    const genesis = {
      config: {
        chainId: 1338,
        ...forks,
        terminalTotalDifficulty: 0,
        shanghaiTime: 0,
        cancunTime: 0,
        pragueTime: 0,
        blobSchedule: { cancun: { target: 3, max: 6, baseFeeUpdateFraction: 3338477 }, prague: { target: 6, max: 9, baseFeeUpdateFraction: 5007716 } },
      },
      timestamp: '0x0',
      gasLimit: '0x1c9c380',
      difficulty: '0x0',
      excessBlobGas: toHex(excess),
      blobGasUsed: '0x0',
      alloc: { [devAccount(0).address]: { balance: toHex(10n ** 21n) } },
    }
    const file = join(mkdtempSync(join(tmpdir(), 'chainsim-blobs-')), 'genesis.json')
    writeFileSync(file, JSON.stringify(genesis))
    const network = await loadImportedNetwork({ genesisFile: file })
    imported = await startServer(network.config, { port: 0, createNode: network.createNode })
    url = `${imported.networks[0]!.httpUrl}/`
  })
  afterAll(() => imported?.close())

  test('eth_blobBaseFee is the head’s; a cap below the next block’s is refused; the fee paid is the block’s', async () => {
    const fee = blobBaseFeeFor(excess, UPDATE_FRACTION)
    expect(fee).toBeGreaterThan(10n ** 8n)
    expect(await rpc(url, 'eth_blobBaseFee')).toBe(toHex(fee))
    const nextFee = blobBaseFeeFor(excess - TARGET, UPDATE_FRACTION)
    const account = devAccount(0)
    const low = await signBlobTransaction({ account, chainId: 1338, nonce: 0, sidecars: [sidecarOf('first blob')], maxFeePerBlobGas: nextFee - 1n })
    expect(await rpcError(url, 'eth_sendRawTransaction', [low])).toMatchObject({
      code: -32000,
      message: `max fee per blob gas less than block blob gas fee: maxFeePerBlobGas ${nextFee - 1n}, blobBaseFee ${nextFee}`,
    })
    const before = hexToBigInt(await rpc<Hex>(url, 'eth_getBalance', [account.address, 'latest']))
    const raw = await signBlobTransaction({ account, chainId: 1338, nonce: 0, sidecars: [sidecarOf('first blob')], maxFeePerBlobGas: nextFee })
    const hash = await rpc<Hex>(url, 'eth_sendRawTransaction', [raw])
    const receipt = await rpc(url, 'eth_getTransactionReceipt', [hash])
    expect(receipt).toMatchObject({ status: '0x1', blobGasUsed: toHex(GAS_PER_BLOB), blobGasPrice: toHex(nextFee) })
    expect((await block(url, receipt.blockNumber)).excessBlobGas).toBe(toHex(excess - TARGET))
    const paid = hexToBigInt(receipt.gasUsed) * hexToBigInt(receipt.effectiveGasPrice) + GAS_PER_BLOB * nextFee
    expect(hexToBigInt(await rpc<Hex>(url, 'eth_getBalance', [account.address, 'latest']))).toBe(before - paid)
  })
})

describe('reorgs', () => {
  test('a mined blob transaction is re-included by sim_reorg, and pooled again, sidecar and all, with reinclude none', async () => {
    const raw = await signBlobTransaction({ account: devAccount(8), chainId: 31337, nonce: 1, sidecars: [sidecarOf('first blob'), sidecarOf('first blob')] })
    const hash = await rpc<Hex>(dev.url, 'eth_sendRawTransaction', [raw])
    const minedIn = (await rpc(dev.url, 'eth_getTransactionReceipt', [hash])).blockHash as Hex

    await rpc(dev.url, 'sim_reorg', [{ depth: 1 }])
    const again = await rpc(dev.url, 'eth_getTransactionReceipt', [hash])
    expect(again.blockHash).not.toBe(minedIn)
    expect(again).toMatchObject({ status: '0x1', blobGasUsed: toHex(2n * GAS_PER_BLOB) })
    expect(hexToBigInt((await block(dev.url, again.blockNumber)).blobGasUsed)).toBe(2n * GAS_PER_BLOB)

    await rpc(dev.url, 'evm_setAutomine', [false])
    await rpc(dev.url, 'sim_reorg', [{ depth: 2, reinclude: 'none' }])
    expect(await rpc(dev.url, 'eth_getTransactionByHash', [hash])).toMatchObject({ blockHash: null, blobVersionedHashes: expect.any(Array) })
    expect((await block(dev.url, 'pending')).transactions).toContain(hash)
    await rpc(dev.url, 'evm_mine')
    expect(await rpc(dev.url, 'eth_getTransactionReceipt', [hash])).toMatchObject({ status: '0x1', blobGasUsed: toHex(2n * GAS_PER_BLOB) })
    await rpc(dev.url, 'evm_setAutomine', [true])
  })
})
