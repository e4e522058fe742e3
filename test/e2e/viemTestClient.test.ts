import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  getAddress,
  http,
  testActions,
  type Chain,
  type TestActions,
  type Hex,
  type PublicClient,
  type TestClient,
  type WalletClient,
} from 'viem'
import { foundry } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { EventEmitter } from '../../src/contracts/index.ts'
import { devAccount } from '../helpers/rpcChain.ts'
import { printedCalls, serveOneNetwork, type ServedProcess } from '../helpers/servedProcess.ts'

/**
 * Every test action viem ships, unchanged, in `anvil` mode against `chainsim serve` (a real process: the
 * request log it prints is part of what the actions change). Each asserts what its action changes.
 */

/** Actions whose Anvil methods are not served (anvil_setRpcUrl). */
const NOT_SERVED = ['setRpcUrl']

const GWEI = 10n ** 9n
const alice = devAccount(0).address
const bob = devAccount(1).address
const spare = '0x00000000000000000000000000000000000000aa'
/** An address without code whose key nobody holds: sent as only while impersonated. */
const stranger = '0x00000000000000000000000000000000000000bb'

let served: ServedProcess
let chain: Chain
let client: TestClient<'anvil'>
let reader: PublicClient
let wallet: WalletClient

beforeAll(async () => {
  served = await serveOneNetwork()
  chain = { ...foundry, rpcUrls: { default: { http: [served.url] } } }
  const transport = http(served.url)
  client = createTestClient({ chain, mode: 'anvil', transport })
  reader = createPublicClient({ chain, transport })
  wallet = createWalletClient({ chain, transport })
}, 60_000)
afterAll(() => served?.stop())

const head = () => reader.getBlock({ blockTag: 'latest' })
const number = () => reader.getBlockNumber({ cacheTime: 0 })
const transfer = (value = 1n) => wallet.sendTransaction({ account: alice, to: bob, value, chain })

const tested = new Set<string>()
/** One test per action; the list is checked against viem's own at the end. */
const action = (name: keyof TestActions & string, run: () => Promise<void>) =>
  test(name, async () => {
    tested.add(name)
    await run()
  })

describe('viem test actions, anvil mode', () => {
  action('mine', async () => {
    const start = await number()
    await client.mine({ blocks: 3, interval: 60 })
    expect(await number()).toBe(start + 3n)
    const [a, b] = await Promise.all([start + 2n, start + 3n].map((blockNumber) => reader.getBlock({ blockNumber })))
    expect(b!.timestamp - a!.timestamp).toBe(60n)
  })

  action('setAutomine', async () => {
    await client.setAutomine(false)
    const start = await number()
    await transfer()
    expect(await number()).toBe(start)
    await client.setAutomine(true)
    expect(await number()).toBe(start + 1n)
  })

  action('getAutomine', async () => {
    expect(await client.getAutomine()).toBe(true)
    await client.setAutomine(false)
    expect(await client.getAutomine()).toBe(false)
  })

  action('getTxpoolStatus', async () => {
    await transfer()
    expect(await client.getTxpoolStatus()).toEqual({ pending: 1, queued: 0 })
  })

  action('getTxpoolContent', async () => {
    const content = await client.getTxpoolContent()
    expect(Object.keys(content.pending)).toEqual([getAddress(alice)])
    expect(content.queued).toEqual({})
  })

  action('inspectTxpool', async () => {
    const summary = await client.inspectTxpool()
    expect(Object.values(summary.pending[getAddress(alice)]!)[0]).toMatch(new RegExp(`^${getAddress(bob)}: 1 wei \\+ 21000 gas × \\d+ wei$`))
  })

  action('dropTransaction', async () => {
    const [hash] = Object.values((await client.getTxpoolContent()).pending[getAddress(alice)]!).map((tx) => tx.hash)
    await client.dropTransaction({ hash: hash as Hex })
    expect(await client.getTxpoolStatus()).toEqual({ pending: 0, queued: 0 })
    await client.setAutomine(true)
  })

  action('setBalance', async () => {
    await client.setBalance({ address: spare, value: 12_345n })
    expect(await reader.getBalance({ address: spare })).toBe(12_345n)
  })

  action('setCode', async () => {
    await client.setCode({ address: spare, bytecode: EventEmitter.deployedBytecode })
    expect(await reader.getCode({ address: spare })).toBe(EventEmitter.deployedBytecode)
  })

  action('setNonce', async () => {
    await client.setNonce({ address: spare, nonce: 77 })
    expect(await reader.getTransactionCount({ address: spare })).toBe(77)
  })

  action('setStorageAt', async () => {
    const value = `0x${'00'.repeat(31)}2a` as Hex
    await client.setStorageAt({ address: spare, index: 3, value })
    expect(await reader.getStorageAt({ address: spare, slot: '0x3' })).toBe(value)
  })

  action('setCoinbase', async () => {
    await client.setCoinbase({ address: spare })
    await transfer()
    expect((await head()).miner).toBe(spare)
  })

  action('setBlockGasLimit', async () => {
    await client.setBlockGasLimit({ gasLimit: 40_000_000n })
    await client.mine({ blocks: 1 })
    expect((await head()).gasLimit).toBe(40_000_000n)
  })

  action('setNextBlockBaseFeePerGas', async () => {
    await client.setNextBlockBaseFeePerGas({ baseFeePerGas: 5n * GWEI })
    await client.mine({ blocks: 1 })
    expect((await head()).baseFeePerGas).toBe(5n * GWEI)
  })

  action('setMinGasPrice', async () => {
    // Anvil refuses it while EIP-1559 is active, and so does chainsim, whose blocks always have a base fee.
    await expect(client.setMinGasPrice({ gasPrice: GWEI })).rejects.toThrow(/anvil_setMinGasPrice is not supported when EIP-1559 is active/)
  })

  action('increaseTime', async () => {
    const now = BigInt(Math.floor(Date.now() / 1000))
    await client.increaseTime({ seconds: 86_400 })
    await client.mine({ blocks: 1 })
    expect((await head()).timestamp).toBeGreaterThanOrEqual(now + 86_400n)
  })

  action('setNextBlockTimestamp', async () => {
    const at = (await head()).timestamp + 1_000n
    await client.setNextBlockTimestamp({ timestamp: at })
    await client.mine({ blocks: 1 })
    expect((await head()).timestamp).toBe(at)
  })

  action('setBlockTimestampInterval', async () => {
    await client.setBlockTimestampInterval({ interval: 3_600 })
    const before = (await head()).timestamp
    await client.mine({ blocks: 2 })
    expect((await head()).timestamp).toBe(before + 7_200n)
  })

  action('removeBlockTimestampInterval', async () => {
    await client.removeBlockTimestampInterval()
    const before = (await head()).timestamp
    await client.mine({ blocks: 1 })
    expect((await head()).timestamp - before).toBeLessThan(3_600n)
  })

  action('setIntervalMining', async () => {
    await client.setAutomine(false)
    const start = await number()
    // viem sends Anvil's seconds to evm_setIntervalMining, which chainsim reads as Hardhat's milliseconds.
    await client.setIntervalMining({ interval: 100 })
    await vi.waitFor(async () => expect(await number()).toBeGreaterThanOrEqual(start + 2n), { timeout: 10_000, interval: 50 })
    await client.setIntervalMining({ interval: 0 })
    const stopped = await number()
    await client.mine({ blocks: 1 })
    expect(await number()).toBeLessThanOrEqual(stopped + 2n)
    await client.setAutomine(true)
  })

  action('snapshot', async () => {
    const id = await client.snapshot()
    expect(id).toMatch(/^0x[0-9a-f]+$/)
    snapshotId = id
    snapshotHead = await number()
  })

  action('revert', async () => {
    await client.mine({ blocks: 4 })
    await client.revert({ id: snapshotId })
    expect(await number()).toBe(snapshotHead)
  })

  action('setLoggingEnabled', async () => {
    const requestLines = () => printedCalls(served.output()).length
    await client.setLoggingEnabled(true)
    await reader.getChainId()
    await vi.waitFor(() => expect(requestLines()).toBeGreaterThan(0), { timeout: 10_000, interval: 20 })
    await client.setLoggingEnabled(false)
  })

  action('dumpState', async () => {
    dumped = await client.dumpState()
    dumpedHead = await head()
    dumpedBalance = await reader.getBalance({ address: spare })
    expect(dumped).toMatch(/^0x1f8b/)
  })

  action('loadState', async () => {
    await client.mine({ blocks: 5 })
    await client.setBalance({ address: spare, value: 1n })
    await client.loadState({ state: dumped })
    expect(await head()).toEqual(dumpedHead)
    expect(await reader.getBalance({ address: spare })).toBe(dumpedBalance)
  })

  action('reset', async () => {
    await client.reset()
    expect(await number()).toBe(0n)
    expect(await reader.getBalance({ address: spare })).toBe(0n)
    expect(await reader.getBalance({ address: alice })).toBe(10_000n * 10n ** 18n)
  })

  action('impersonateAccount', async () => {
    await client.impersonateAccount({ address: stranger })
    await client.setBalance({ address: stranger, value: 10n ** 18n })
    const hash = await wallet.sendTransaction({ account: stranger, to: bob, value: 1n, chain })
    const receipt = await reader.waitForTransactionReceipt({ hash, pollingInterval: 50 })
    expect([getAddress(receipt.from), receipt.status]).toEqual([getAddress(stranger), 'success'])
  })

  action('stopImpersonatingAccount', async () => {
    await client.stopImpersonatingAccount({ address: stranger })
    await expect(wallet.sendTransaction({ account: stranger, to: bob, value: 1n, chain })).rejects.toThrow(/unknown account/)
  })

  action('sendUnsignedTransaction', async () => {
    const unsigned = '0x00000000000000000000000000000000000000cc'
    await client.setBalance({ address: unsigned, value: 10n ** 18n })
    const hash = await client.sendUnsignedTransaction({ from: unsigned, to: bob, value: 2n })
    const receipt = await reader.waitForTransactionReceipt({ hash, pollingInterval: 50 })
    expect([getAddress(receipt.from), receipt.status]).toEqual([getAddress(unsigned), 'success'])
    expect(await reader.getTransaction({ hash })).toMatchObject({ r: '0x0', s: '0x0' })
  })

  test('every test action viem ships is tested here, but those whose methods are not served', () => {
    const shipped = Object.keys(testActions({ mode: 'anvil' })(client))
    expect([...tested].sort()).toEqual(shipped.filter((name) => !NOT_SERVED.includes(name)).sort())
  })
})

let snapshotId: Hex
let snapshotHead: bigint
let dumped: Hex
let dumpedHead: Awaited<ReturnType<typeof head>>
let dumpedBalance: bigint
