import { keccak256, parseGwei, type Hex } from 'viem'
import { describe, expect } from 'vitest'
import { deployTokenViaRpc, devAccount, hex, receiptOf, send, signRaw, type DevServer } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTestWith } from '../helpers/rpcTest.ts'
import { type WireLog, block, changes, head, transferOn } from '../helpers/reorgRpc.ts'
import { expectEach } from '../helpers/expectEach.ts'

const CHAIN_ID = 31337
const accounts = Array.from({ length: 10 }, (_, i) => devAccount(i).address)
const [, a1, a2] = accounts as [Hex, Hex, Hex]

const test = rpcTestWith([{ name: 'anvil' }, { name: 'final', finality: { safeDepth: 1, finalizedDepth: 2 } }])
let server: DevServer
let anvil: string
let anvilToken: Hex
/** finality { safeDepth: 1, finalizedDepth: 2 }, six blocks mined. */
let final: string
test.beforeAll(async ({ server: started }) => {
  server = started
  anvil = server.networks['anvil']!.url
  final = server.networks['final']!.url
  anvilToken = await deployTokenViaRpc(anvil)
  await rpc(final, 'anvil_mine', ['0x6'])
})

const withoutRemoved = ({ removed: _removed, ...rest }: WireLog) => rest

describe('valid params', () => {
  test('anvil_reorg [depth, [[rawTx, blockIndex]]]: same height, orphaned transactions gone, the raw one placed', async () => {
    const filter = await rpc<string>(anvil, 'eth_newFilter', [{ address: anvilToken }])
    const orphaned = [await transferOn(anvil, anvilToken, a1, 1n), await transferOn(anvil, anvilToken, a2, 2n)]
    const before = await changes(anvil, filter)
    const top = await head(anvil)
    const oldHashes = [(await block(anvil, hex(top - 1n))).hash, (await block(anvil, hex(top))).hash]
    const raw = await signRaw(anvil, 6, {
      chainId: CHAIN_ID,
      type: 'eip1559',
      to: accounts[7],
      value: 5n,
      gas: 21_000n,
      maxFeePerGas: parseGwei('100'),
      maxPriorityFeePerGas: parseGwei('1'),
    })
    expect(await rpc(anvil, 'anvil_reorg', [2, [[raw, 1]]])).toBeNull()
    expect(await head(anvil)).toBe(top)
    const newHashes = [(await block(anvil, hex(top - 1n))).hash, (await block(anvil, hex(top))).hash]
    for (const h of newHashes) expect(oldHashes).not.toContain(h)
    for (const hash of orphaned) {
      expect(await rpc(anvil, 'eth_getTransactionByHash', [hash])).toBeNull()
      expect(await rpc(anvil, 'eth_getTransactionReceipt', [hash])).toBeNull()
    }
    const placed = await receiptOf(anvil, keccak256(raw))
    expect(placed).toMatchObject({ blockNumber: hex(top), transactionIndex: '0x0', status: '0x1' })
    expect((await block(anvil, 'pending')).transactions).toEqual([])
    // Filters are told as after sim_reorg: the orphaned logs, removed.
    const after = await changes(anvil, filter)
    expect(after.map(withoutRemoved)).toEqual(before.map(withoutRemoved))
    expectEach(after, (log, label) => expect(log.removed, label).toBe(true))
  })

  test('anvil_reorg with a transaction request object: signed by the dev account, nonce from the ancestor', async () => {
    const from = accounts[8]!
    const to = accounts[9]!
    await send(anvil, { from, to, value: '0x1' })
    const ancestorNonce = BigInt(await rpc<Hex>(anvil, 'eth_getTransactionCount', [from, hex((await head(anvil)) - 1n)]))
    expect(await rpc(anvil, 'anvil_reorg', [1, [[{ from, to, value: '0x2a' }, 0]]])).toBeNull()
    const latest = await block(anvil, 'latest', true)
    expect(latest.transactions).toHaveLength(1)
    expect(latest.transactions[0]).toMatchObject({ from: from.toLowerCase(), to: to.toLowerCase(), value: '0x2a', nonce: hex(ancestorNonce) })
    expect((await receiptOf(anvil, latest.transactions[0].hash)).status).toBe('0x1')
    expect(BigInt(await rpc<Hex>(anvil, 'eth_getTransactionCount', [from, 'latest']))).toBe(ancestorNonce + 1n)
  })

  test("anvil_reorg counts requests' nonces in block order, whatever the list order (as Anvil)", async () => {
    const from = accounts[7]!
    const [first, second] = ['0x0000000000000000000000000000000000000043', '0x0000000000000000000000000000000000000044'] as const
    await send(anvil, { from, to: first, value: '0x1' })
    await send(anvil, { from, to: first, value: '0x1' })
    const top = await head(anvil)
    const ancestorNonce = BigInt(await rpc<Hex>(anvil, 'eth_getTransactionCount', [from, hex(top - 2n)]))
    expect(
      await rpc(anvil, 'anvil_reorg', [
        2,
        [
          [{ from, to: first, value: '0x2' }, 1],
          [{ from, to: second, value: '0x3' }, 0],
        ],
      ]),
    ).toBeNull()
    const [lower, upper] = [await block(anvil, hex(top - 1n), true), await block(anvil, hex(top), true)]
    expect(lower.transactions.map((t: { to: Hex; nonce: Hex }) => [t.to, t.nonce])).toEqual([[second, hex(ancestorNonce)]])
    expect(upper.transactions.map((t: { to: Hex; nonce: Hex }) => [t.to, t.nonce])).toEqual([[first, hex(ancestorNonce + 1n)]])
  })

  test('a transaction anvil_reorg cannot run where it is placed waits in the pool instead of vanishing', async () => {
    const from = devAccount(6)
    const nonce = BigInt(await rpc<Hex>(anvil, 'eth_getTransactionCount', [from.address, 'latest']))
    // A nonce one past the next: no block of the new branch can run it.
    const raw = await signRaw(anvil, 6, {
      chainId: CHAIN_ID,
      type: 'eip1559',
      to: accounts[9]!,
      value: 1n,
      gas: 21_000n,
      maxFeePerGas: parseGwei('100'),
      maxPriorityFeePerGas: parseGwei('1'),
      nonce: Number(nonce + 1n),
    })
    expect(await rpc(anvil, 'anvil_reorg', [1, [[raw, 0]]])).toBeNull()
    const found = await rpc<{ blockHash: Hex | null; nonce: Hex }>(anvil, 'eth_getTransactionByHash', [keccak256(raw)])
    expect(found).toMatchObject({ blockHash: null, nonce: hex(nonce + 1n) })
    const queued = await rpc<{ queued: Record<string, unknown> }>(anvil, 'txpool_content', [])
    expect(Object.keys(queued.queued).map((a) => a.toLowerCase())).toContain(from.address.toLowerCase())
  })
})

describe('invalid params', () => {
  test('past finalized → -32602 naming finalized, and nothing changed; accepted with force', async () => {
    const tip = (await block(final, 'latest')).hash
    expect(await rpcError(final, 'anvil_reorg', [3, []])).toMatchObject({ code: -32602, message: expect.stringMatching(/finalized/) })
    expect((await block(final, 'latest')).hash).toBe(tip)
    const top = await head(final)
    expect(await rpc(final, 'anvil_reorg', [3, [], true])).toBeNull()
    expect(await head(final)).toBe(top)
    expect((await block(final, 'latest')).hash).not.toBe(tip)
  })

  const cases: Array<[string, unknown[], RegExp]> = [
    ['no depth → -32602', [], /missing value for required argument 0/],
    ['a depth that is not a number → -32602', ['deep', []], /invalid argument 0/],
    ['transactions that are not pairs → -32602', [1, ['0x1234']], /invalid argument 1/],
    ['a force that is not a boolean → -32602', [1, [], 'yes'], /invalid argument 2/],
  ]
  for (const [name, params, message] of cases) {
    test(name, async () => {
      const tip = (await block(anvil, 'latest')).hash
      const error = await rpcError(anvil, 'anvil_reorg', params)
      expect(error.code).toBe(-32602)
      expect(error.message).toMatch(message)
      expect((await block(anvil, 'latest')).hash).toBe(tip)
    })
  }
})
