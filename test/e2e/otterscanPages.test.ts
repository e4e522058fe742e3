import { createPublicClient, http, type Hex, type PublicClient } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startChainsim, type Chainsim } from '../../src/testing/index.ts'
import { buildOtterscanChain, sender, type OtterscanChain } from '../helpers/otterscanChain.ts'
import { receiptOf } from '../helpers/rpcChain.ts'

/**
 * Otterscan's pages as its client code asks for them (otterscan/otterscan src/useProvider.ts, src/useErigonHooks.ts,
 * src/search/search.ts), over HTTP with batching as its provider sends them, through viem: the connection probe, a
 * block page, an address page paged to its end, and a transaction page. Each answer is read the way Otterscan reads it.
 */

/** Otterscan's page size (src/params.ts) and the API level it asks for. */
const PAGE_SIZE = 25
const MIN_API_LEVEL = 8

let chainsim: Chainsim
let client: PublicClient
let chain: OtterscanChain
const send = <T = any>(method: string, params: unknown[]) => client.request({ method: method as never, params: params as never }) as Promise<T>

describe('Otterscan browses a chainsim chain', () => {
  beforeAll(async () => {
    chainsim = await startChainsim()
    chain = await buildOtterscanChain(chainsim.url)
    client = createPublicClient({ transport: http(chainsim.url, { batch: true }) })
  })

  afterAll(async () => {
    await chainsim?.close()
  })

  test('the connection probe: block number, erigon_getHeaderByNumber, ots_getApiLevel and the chain id, in one batch', async () => {
    const [blockNumber, header, level, chainId] = await Promise.all([
      send<Hex>('eth_blockNumber', []),
      send('erigon_getHeaderByNumber', ['latest']),
      send<number>('ots_getApiLevel', []),
      send<Hex>('eth_chainId', []),
    ])
    expect(header.number).toBe(blockNumber)
    expect(level).toBeGreaterThanOrEqual(MIN_API_LEVEL)
    expect(chainId).toBe('0x7a69')
  })

  test('a block page: its details by number and by hash, then its first page of transactions', async () => {
    const receipt = await receiptOf(chainsim.url, chain.forwarded)
    const blockNumber = Number(receipt.blockNumber)
    const details = await send('ots_getBlockDetails', [blockNumber])
    expect(await send('ots_getBlockDetailsByHash', [receipt.blockHash])).toEqual(details)
    expect(details.block).toMatchObject({
      hash: receipt.blockHash,
      transactionCount: 1,
      size: expect.stringMatching(/^0x/),
      sha3Uncles: expect.any(String),
      stateRoot: expect.any(String),
    })
    expect(BigInt(details.issuance.blockReward) + BigInt(details.issuance.uncleReward)).toBe(0n)
    const page = await send('ots_getBlockTransactions', [blockNumber, 0, PAGE_SIZE])
    // Otterscan pairs transactions and receipts by position.
    expect(page.fullblock.transactions.map((t: { hash: Hex }) => t.hash)).toEqual(page.receipts.map((r: { transactionHash: Hex }) => r.transactionHash))
    expect(page.receipts[0]).toMatchObject({ status: '0x1', gasUsed: receipt.gasUsed, timestamp: page.fullblock.timestamp })
  })

  test('an address page: code, creator, and its history paged with Before from the head and After from the start', async () => {
    const [hasCode, creator] = await Promise.all([send<boolean>('ots_hasCode', [chain.relay, 'latest']), send('ots_getContractCreator', [chain.relay])])
    expect(hasCode).toBe(true)
    expect(creator.creator).toBe(sender.toLowerCase())
    const newest = await send('ots_searchTransactionsBefore', [chain.relay, 0, PAGE_SIZE])
    expect(newest.firstPage).toBe(true)
    expect(newest.lastPage).toBe(true)
    expect(newest.txs.at(-1).hash).toBe(creator.hash)
    const oldest = await send('ots_searchTransactionsAfter', [chain.relay, 0, PAGE_SIZE])
    expect(oldest.txs).toEqual(newest.txs)
    // The "next page" button: Before from the last block shown, one transaction a page.
    const first = await send('ots_searchTransactionsBefore', [chain.relay, 0, 1])
    const second = await send('ots_searchTransactionsBefore', [chain.relay, Number(first.txs.at(-1).blockNumber), 1])
    expect([...first.txs, ...second.txs].map((t: { hash: Hex }) => t.hash)).toEqual(newest.txs.slice(0, 2).map((t: { hash: Hex }) => t.hash))
  })

  test("a transaction page: internal operations, trace, error, and the sender's previous and next nonces", async () => {
    const tx = await send('eth_getTransactionByHash', [chain.reverted])
    const [operations, trace, error, previous, next] = await Promise.all([
      send<unknown[]>('ots_getInternalOperations', [chain.reverted]),
      send<{ value: Hex | null; depth: number }[]>('ots_traceTransaction', [chain.reverted]),
      send<Hex>('ots_getTransactionError', [chain.reverted]),
      send<Hex | null>('ots_getTransactionBySenderAndNonce', [sender, Number(tx.nonce) - 1]),
      send<Hex | null>('ots_getTransactionBySenderAndNonce', [sender, Number(tx.nonce) + 1]),
    ])
    expect(operations).toEqual([])
    expect(trace.map((entry) => entry.depth)).toEqual([0, 1])
    expect(error.startsWith('0x08c379a0')).toBe(true)
    expect(previous).toBe(chain.forwarded)
    expect(next).toBe(chain.created)
  })
})
