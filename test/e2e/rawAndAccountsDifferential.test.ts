import { encodeDeployData, type Hex, type TransactionSerializable } from 'viem'
import { keccak256 } from 'viem/utils'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ChainsimToken } from '../../src/contracts/index.ts'
import { startChainsim, type Chainsim } from '../../src/testing/index.ts'
import { hasAnvil, startAnvil, type AnvilProcess } from '../helpers/anvil.ts'
import { devAccount, tokenCall } from '../helpers/rpcChain.ts'
import { rpc } from '../helpers/rpcClient.ts'

/**
 * The same signed transactions sent to chainsim and to Anvil 1.7.1 (same keys, chain id and fees) with
 * eth_sendRawTransactionSync, then read back with the raw getters, sender+nonce and the account reads: the answers
 * must agree field by field, but for what the blocks' timestamps change (block hashes, timestamps). Needs Anvil from
 * the development dependency @foundry-rs/anvil (test/helpers/anvil.ts: skipped where it installed no binary, a
 * failure then under CHAINSIM_REQUIRE_ANVIL=1).
 */

let chainsim: Chainsim
let anvil: AnvilProcess
let urls: { chainsim: string; anvil: string }
const sent: Array<{ raw: Hex; from: Hex; nonce: number }> = []
let tokenAddress: Hex

// Anvil mines block 1 at the configured base fee, chainsim at the fee its genesis implies (one step lower): fee caps
// equal to the tip make a fee-market transaction pay the same on both, whatever the base fee.
const fees = { maxFeePerGas: 3n * 10n ** 9n, maxPriorityFeePerGas: 3n * 10n ** 9n } as const
const recipient = devAccount(7).address

/** Signed once by viem, sent to both. */
async function signed(index: number, nonce: number, tx: Omit<TransactionSerializable, 'nonce' | 'chainId'>): Promise<Hex> {
  const raw = await devAccount(index).signTransaction({ ...tx, nonce, chainId: 31337 } as TransactionSerializable)
  sent.push({ raw, from: devAccount(index).address, nonce })
  return raw
}

const both = <T = any>(method: string, params: unknown[] = []): Promise<[T, T]> =>
  Promise.all([rpc<T>(urls.chainsim, method, params), rpc<T>(urls.anvil, method, params)])

/** The fields of two answers that must agree (`fields` of each), as [chainsim's, Anvil's]. */
function picked(answers: [Record<string, unknown>, Record<string, unknown>], fields: readonly string[]) {
  return answers.map((answer) => Object.fromEntries(fields.map((field) => [field, answer[field]])))
}

const RECEIPT_FIELDS = [
  'type',
  'status',
  'transactionHash',
  'transactionIndex',
  'blockNumber',
  'from',
  'to',
  'contractAddress',
  'gasUsed',
  'cumulativeGasUsed',
  'effectiveGasPrice',
  'logsBloom',
] as const
const LOG_FIELDS = ['address', 'topics', 'data', 'logIndex', 'transactionIndex', 'transactionHash', 'blockNumber', 'removed'] as const
const TRANSACTION_FIELDS = [
  'type',
  'hash',
  'nonce',
  'from',
  'to',
  'value',
  'input',
  'gas',
  'gasPrice',
  'maxFeePerGas',
  'maxPriorityFeePerGas',
  'chainId',
  'v',
  'r',
  's',
  'blockNumber',
  'transactionIndex',
] as const
const receipts: Array<[any, any]> = []

beforeAll(async () => {
  if (!hasAnvil) return
  ;[chainsim, anvil] = await Promise.all([startChainsim(), startAnvil()])
  urls = { chainsim: chainsim.url, anvil: anvil.url }
  const deployment = encodeDeployData({ abi: ChainsimToken.abi, bytecode: ChainsimToken.bytecode, args: ['Token', 'TOK', 10n ** 24n] })
  const transactions = [
    await signed(0, 0, { ...fees, to: recipient, value: 10n ** 15n, gas: 21_000n }),
    await signed(1, 0, { to: recipient, value: 3n, gas: 21_000n, gasPrice: 5n * 10n ** 9n }),
    await signed(2, 0, { ...fees, data: deployment, gas: 3_000_000n }),
    await signed(0, 1, { ...fees, to: recipient, value: 1n, gas: 21_000n }),
  ]
  for (const raw of transactions) receipts.push(await both('eth_sendRawTransactionSync', [raw]))
  tokenAddress = receipts[2]![0].contractAddress
  const transfer = await signed(2, 1, { ...fees, to: tokenAddress, data: tokenCall('transfer', [recipient, 12_345n]), gas: 100_000n })
  receipts.push(await both('eth_sendRawTransactionSync', [transfer]))
}, 120_000)
afterAll(async () => {
  await Promise.all([chainsim?.close(), anvil?.close()])
})

describe.skipIf(!hasAnvil)('chainsim and Anvil agree', () => {
  test('eth_sendRawTransactionSync: the receipts, field by field, and each log', () => {
    expect(receipts).toHaveLength(5)
    for (const pair of receipts) {
      const [ours, theirs] = picked(pair, RECEIPT_FIELDS)
      expect(ours).toEqual(theirs)
      expect(pair[0].logs.map((log: Record<string, unknown>) => picked([log, log], LOG_FIELDS)[0])).toEqual(
        pair[1].logs.map((log: Record<string, unknown>) => picked([log, log], LOG_FIELDS)[0]),
      )
    }
    expect(receipts[4]![0].logs).toHaveLength(1)
    expect(tokenAddress).toBe(receipts[2]![1].contractAddress)
  })

  test('eth_sendTransactionSync: a request both fill and sign alike → the same transaction and receipt', async () => {
    const request = {
      from: devAccount(3).address,
      to: recipient,
      value: '0x9',
      gas: '0x5208',
      maxFeePerGas: '0xb2d05e00',
      maxPriorityFeePerGas: '0xb2d05e00',
      nonce: '0x0',
    }
    const pair = await both('eth_sendTransactionSync', [request])
    const [ours, theirs] = picked(pair, RECEIPT_FIELDS)
    expect(ours).toEqual(theirs)
    expect(pair[0].from).toBe(devAccount(3).address.toLowerCase())
  })

  test('a sync send’s receipt is the one a raw client asking at once gets', async () => {
    for (const [ours] of receipts) {
      expect(await rpc(urls.chainsim, 'eth_getTransactionReceipt', [ours.transactionHash])).toEqual(ours)
    }
  })

  test('the raw getters: by hash (eth_ and debug_), by block number and by block hash → the bytes sent', async () => {
    for (const [i, { raw }] of sent.entries()) {
      const hash = keccak256(raw)
      expect(await both('eth_getRawTransactionByHash', [hash])).toEqual([raw, raw])
      expect(await both('debug_getRawTransaction', [hash])).toEqual([raw, raw])
      const block = `0x${(i + 1).toString(16)}`
      expect(await both('eth_getRawTransactionByBlockNumberAndIndex', [block, '0x0'])).toEqual([raw, raw])
      const [ours, theirs] = await both('eth_getBlockByNumber', [block, false])
      expect(await rpc(urls.chainsim, 'eth_getRawTransactionByBlockHashAndIndex', [ours.hash, '0x0'])).toBe(raw)
      expect(await rpc(urls.anvil, 'eth_getRawTransactionByBlockHashAndIndex', [theirs.hash, '0x0'])).toBe(raw)
    }
    expect(await both('eth_getRawTransactionByHash', [keccak256('0x99')])).toEqual([null, null])
    expect(await both('eth_getRawTransactionByBlockNumberAndIndex', ['latest', '0x5'])).toEqual([null, null])
  })

  test('eth_getTransactionBySenderAndNonce: each sent transaction, field by field; an unused nonce → null on both', async () => {
    for (const { from, nonce } of sent) {
      const [ours, theirs] = picked(await both('eth_getTransactionBySenderAndNonce', [from, `0x${nonce.toString(16)}`]), TRANSACTION_FIELDS)
      expect(ours).toEqual(theirs)
    }
    expect(await both('eth_getTransactionBySenderAndNonce', [devAccount(0).address, '0x9'])).toEqual([null, null])
  })

  test('eth_getAccount and eth_getAccountInfo: dev accounts, the token, an untouched account, now and at block 1', async () => {
    const accounts = [...[0, 1, 2, 7].map((i) => devAccount(i).address), tokenAddress, '0x00000000000000000000000000000000000000e3']
    for (const account of accounts) {
      for (const block of ['latest', '0x1', '0x3']) {
        const [ours, theirs] = await both('eth_getAccount', [account, block])
        expect(ours).toEqual(theirs)
        expect(await rpc(urls.chainsim, 'eth_getAccountInfo', [account, block])).toEqual(await rpc(urls.anvil, 'eth_getAccountInfo', [account, block]))
      }
    }
  })

  test('eth_getStorageValues and debug_codeByHash: the token’s slots and code', async () => {
    const slots = Array.from({ length: 8 }, (_, i) => `0x${i.toString(16).padStart(64, '0')}`)
    const request = { [tokenAddress]: slots, [recipient]: [slots[0]] }
    const [ours, theirs] = await both('eth_getStorageValues', [request, 'latest'])
    expect(ours).toEqual(theirs)
    const { codeHash } = (await both('eth_getAccount', [tokenAddress, 'latest']))[0]
    const [code, anvilCode] = await both('debug_codeByHash', [codeHash])
    expect(code).toBe(anvilCode)
    expect(keccak256(code)).toBe(codeHash)
  })

  test('erigon_getHeaderByNumber: the same block but for its timestamp, its hash and the base fee schedule', async () => {
    const [ours, theirs] = await both('erigon_getHeaderByNumber', ['0x3'])
    const fields = ['number', 'transactionsRoot', 'receiptsRoot', 'gasUsed', 'gasLimit', 'transactions', 'logsBloom'] as const
    expect(picked([ours, theirs], fields)[0]).toEqual(picked([ours, theirs], fields)[1])
  })
})
