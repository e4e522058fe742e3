import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  defineChain,
  http,
  parseEventLogs,
  webSocket,
  type Chain,
  type Hex,
  type PublicClient,
  type Transport,
} from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ChainsimToken } from '../../src/contracts/index.ts'
import { startChainsim, type Chainsim, type ChainsimNetwork } from '../../src/testing/index.ts'
import { devAccount } from '../helpers/rpcChain.ts'
import { expectEach } from '../helpers/expectEach.ts'

/**
 * viem, unchanged, against a real chainsim server over HTTP and WebSocket: it deploys the bundled ERC-20,
 * transfers, and reads everything back; two configured networks answer on their own ports and chain ids.
 */

const SUPPLY = 1_000_000n * 10n ** 18n
const deployer = devAccount(0)
const alice = devAccount(1).address
const bob = devAccount(2).address

function chainOf(served: ChainsimNetwork): Chain {
  return defineChain({
    id: served.chainId,
    name: served.name,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [served.url], webSocket: [served.wsUrl] } },
  })
}

let server: Chainsim
let dev: Chain
let other: Chain
const sockets: Array<{ close(): void }> = []

beforeAll(async () => {
  server = await startChainsim({
    networks: [
      { name: 'dev', chainId: 31337 },
      { name: 'other', chainId: 1337, mining: { auto: false } },
    ],
  })
  dev = chainOf(server.networks.dev!)
  other = chainOf(server.networks.other!)
})

afterAll(async () => {
  for (const socket of sockets) socket.close()
  await server.close()
})

/** A WebSocket transport that does not reconnect when the server goes away at the end. */
async function wsTransport(chain: Chain): Promise<Transport> {
  const transport = webSocket(chain.rpcUrls.default.webSocket![0], { reconnect: false, retryCount: 0 })
  sockets.push(await transport({ chain }).value!.getRpcClient())
  return transport
}

describe.each([
  ['HTTP', (chain: Chain) => Promise.resolve(http(chain.rpcUrls.default.http[0], { retryCount: 0 }) as Transport)],
  ['WebSocket', wsTransport],
])('viem over %s', (_name, makeTransport) => {
  let publicClient: PublicClient<Transport, Chain>
  let token: Hex
  let deployHash: Hex

  beforeAll(async () => {
    const transport = await makeTransport(dev)
    publicClient = createPublicClient({ chain: dev, transport, pollingInterval: 50 })
    const wallet = createWalletClient({ chain: dev, transport, account: deployer })
    deployHash = await wallet.deployContract({ abi: ChainsimToken.abi, bytecode: ChainsimToken.bytecode, args: ['Token', 'TOK', SUPPLY] })
    const receipt = await publicClient.waitForTransactionReceipt({ hash: deployHash })
    token = receipt.contractAddress!
  })

  test('the deployment receipt names the contract, and its code is there', async () => {
    const receipt = await publicClient.getTransactionReceipt({ hash: deployHash })
    expect(receipt).toMatchObject({ status: 'success', to: null, contractAddress: token, from: deployer.address.toLowerCase() })
    expect(await publicClient.getCode({ address: token })).toBe(ChainsimToken.deployedBytecode)
    expect(await publicClient.readContract({ address: token, abi: ChainsimToken.abi, functionName: 'totalSupply' })).toBe(SUPPLY)
  })

  test('a transfer signed locally (eth_sendRawTransaction) → receipt, transaction, balances, Transfer log', async () => {
    const transport = await makeTransport(dev)
    const wallet = createWalletClient({ chain: dev, transport, account: deployer })
    const before = await publicClient.readContract({ address: token, abi: ChainsimToken.abi, functionName: 'balanceOf', args: [alice] })
    const hash = await wallet.writeContract({ address: token, abi: ChainsimToken.abi, functionName: 'transfer', args: [alice, 250n] })
    const receipt = await publicClient.waitForTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')

    const tx = await publicClient.getTransaction({ hash })
    expect(tx).toMatchObject({
      hash,
      from: deployer.address.toLowerCase(),
      to: token,
      blockHash: receipt.blockHash,
      blockNumber: receipt.blockNumber,
      transactionIndex: receipt.transactionIndex,
      chainId: 31337,
      type: 'eip1559',
    })
    expect(await publicClient.readContract({ address: token, abi: ChainsimToken.abi, functionName: 'balanceOf', args: [alice] })).toBe(before + 250n)

    const [transfer] = parseEventLogs({ abi: ChainsimToken.abi, logs: receipt.logs, eventName: 'Transfer' })
    expect(transfer!.args).toEqual({ from: deployer.address, to: alice, value: 250n })
  })

  test('a transfer signed by the node (eth_sendTransaction) from a JSON-RPC account', async () => {
    const transport = await makeTransport(dev)
    const wallet = createWalletClient({ chain: dev, transport })
    const [first] = await wallet.getAddresses()
    expect(first).toBe(deployer.address)
    const hash = await wallet.writeContract({ account: first!, address: token, abi: ChainsimToken.abi, functionName: 'transfer', args: [bob, 7n] })
    expect((await publicClient.waitForTransactionReceipt({ hash })).status).toBe('success')
    expect(await publicClient.readContract({ address: token, abi: ChainsimToken.abi, functionName: 'balanceOf', args: [bob] })).toBeGreaterThanOrEqual(7n)
  })

  test('getContractEvents and getLogs read the transfers back, decoded, with positions', async () => {
    const events = await publicClient.getContractEvents({ address: token, abi: ChainsimToken.abi, eventName: 'Transfer', fromBlock: 0n })
    expect(events.map((e) => e.args)).toEqual(
      expect.arrayContaining([
        { from: '0x0000000000000000000000000000000000000000', to: deployer.address, value: SUPPLY },
        { from: deployer.address, to: alice, value: 250n },
        { from: deployer.address, to: bob, value: 7n },
      ]),
    )
    for (const event of events) {
      expect(event.removed).toBe(false)
      expect(event.blockHash).toMatch(/^0x[0-9a-f]{64}$/)
      expect((await publicClient.getTransactionReceipt({ hash: event.transactionHash })).logs[0]!.logIndex).toBe(event.logIndex)
    }
    const toAlice = await publicClient.getLogs({
      address: token,
      event: ChainsimToken.abi.find((item) => item.type === 'event' && item.name === 'Transfer') as Extract<
        (typeof ChainsimToken.abi)[number],
        { type: 'event'; name: 'Transfer' }
      >,
      args: { to: alice },
      fromBlock: 'earliest',
      toBlock: 'latest',
    })
    expect(toAlice.length).toBeGreaterThanOrEqual(1)
    expectEach(toAlice, (log, label) => expect(log.args.to, label).toBe(alice))
  })

  test('a revert reaches viem decoded: simulateContract throws with the reason', async () => {
    await expect(
      publicClient.simulateContract({ account: alice, address: token, abi: ChainsimToken.abi, functionName: 'transfer', args: [bob, 10n ** 30n] }),
    ).rejects.toThrow(/ERC20: insufficient balance/)
  })
})

describe('viem test client (mode anvil)', () => {
  test('setAutomine, mine, setNextBlockTimestamp and increaseTime drive the chain', async () => {
    const transport = http(dev.rpcUrls.default.http[0])
    const testClient = createTestClient({ chain: dev, mode: 'anvil', transport })
    const publicClient = createPublicClient({ chain: dev, transport })
    const wallet = createWalletClient({ chain: dev, transport, account: devAccount(3) })

    await testClient.setAutomine(false)
    const start = await publicClient.getBlockNumber({ cacheTime: 0 })
    const hash = await wallet.sendTransaction({ to: alice, value: 1n })
    expect(await publicClient.getBlockNumber({ cacheTime: 0 })).toBe(start)
    expect((await publicClient.getTransaction({ hash })).blockNumber).toBeNull()

    await testClient.increaseTime({ seconds: 3_600 })
    await testClient.mine({ blocks: 1 })
    const later = await publicClient.getBlock()
    expect(later.transactions).toEqual([hash])
    expect(later.timestamp).toBeGreaterThanOrEqual(BigInt(Math.floor(Date.now() / 1000)) + 3_599n)

    await testClient.setNextBlockTimestamp({ timestamp: later.timestamp + 1_000n })
    await testClient.mine({ blocks: 1 })
    expect((await publicClient.getBlock()).timestamp).toBe(later.timestamp + 1_000n)

    await testClient.mine({ blocks: 3, interval: 12 })
    expect(await publicClient.getBlockNumber({ cacheTime: 0 })).toBe(start + 5n)
    const [b1, b2, b3] = await Promise.all([3n, 4n, 5n].map((n) => publicClient.getBlock({ blockNumber: start + n })))
    expect([b2!.timestamp - b1!.timestamp, b3!.timestamp - b2!.timestamp]).toEqual([12n, 12n])
    await testClient.setAutomine(true)
  })
})

describe('two networks', () => {
  test('each answers on its own port with its own chain id', async () => {
    const devUrl = new URL(dev.rpcUrls.default.http[0]!)
    const otherUrl = new URL(other.rpcUrls.default.http[0]!)
    expect(devUrl.port).not.toBe(otherUrl.port)
    const devClient = createPublicClient({ chain: dev, transport: http(devUrl.href) })
    const otherClient = createPublicClient({ chain: other, transport: http(otherUrl.href) })
    expect(await devClient.getChainId()).toBe(31337)
    expect(await otherClient.getChainId()).toBe(1337)
    const otherWs = createPublicClient({ chain: other, transport: await wsTransport(other) })
    expect(await otherWs.getChainId()).toBe(1337)
  })

  test('they are separate chains: a transaction on one is unknown to the other', async () => {
    const otherClient = createPublicClient({ chain: other, transport: http(other.rpcUrls.default.http[0]) })
    const otherWallet = createWalletClient({ chain: other, transport: http(other.rpcUrls.default.http[0]), account: deployer })
    const devClient = createPublicClient({ chain: dev, transport: http(dev.rpcUrls.default.http[0]) })
    const hash = await otherWallet.sendTransaction({ to: bob, value: 5n })
    // `other` mines manually: the transaction waits in its pool.
    expect((await otherClient.getTransaction({ hash })).blockNumber).toBeNull()
    await createTestClient({ chain: other, mode: 'anvil', transport: http(other.rpcUrls.default.http[0]) }).mine({ blocks: 1 })
    expect((await otherClient.waitForTransactionReceipt({ hash })).status).toBe('success')
    expect((await otherClient.getTransaction({ hash })).chainId).toBe(1337)
    await expect(devClient.getTransaction({ hash })).rejects.toThrow(/could not be found/)
    expect(await otherClient.getBlockNumber({ cacheTime: 0 })).toBe(1n)
  })
})
