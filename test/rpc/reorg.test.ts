import { keccak256, pad, parseGwei, toHex, type Hex } from 'viem'
import { describe, expect } from 'vitest'
import { deployTokenViaRpc, devAccount, hex, receiptOf, send, signRaw, type DevServer } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTestWith } from '../helpers/rpcTest.ts'
import { type WireLog, block, changes, head, transferOn } from '../helpers/reorgRpc.ts'
import { expectEach } from '../helpers/expectEach.ts'

/**
 * Reorgs over real HTTP: sim_reorg (every option) and what filters, eth_getLogs, transaction lookups and state
 * read afterwards; the refusals past finality of sim_reorg, anvil_reorg and anvil_rollback. anvil_reorg,
 * anvil_rollback, evm_snapshot and evm_revert have their own files.
 */

type ReorgResult = {
  commonAncestor: { number: Hex; hash: Hex }
  removedBlocks: Hex[]
  addedBlocks: Hex[]
  removedLogs: Hex
  addedLogs: Hex
}

const TRANSFER = keccak256(toHex('Transfer(address,address,uint256)'))
const CHAIN_ID = 31337
const MINIMAL_HEX = /^0x(0|[1-9a-f][0-9a-f]*)$/
const HASH = /^0x[0-9a-f]{64}$/
const accounts = Array.from({ length: 10 }, (_, i) => devAccount(i).address)
const [, a1, a2, a3] = accounts as [Hex, Hex, Hex, Hex]

const test = rpcTestWith([{ name: 'main' }, { name: 'state' }, { name: 'final', finality: { safeDepth: 1, finalizedDepth: 2 } }])
let server: DevServer
/** Automine with the token: result shape, removed logs, canonical reads. */
let main: string
let token: Hex
/** Automine, plain value transfers: state after reorgs of depth 1, 3 and 10. */
let state: string
/** finality { safeDepth: 1, finalizedDepth: 2 }. */
let final: string

test.beforeAll(async ({ server: started }) => {
  server = started
  ;[main, state, final] = ['main', 'state', 'final'].map((n) => server.networks[n]!.url) as [string, string, string]
  await Promise.all([
    (async () => {
      token = await deployTokenViaRpc(main)
    })(),
    rpc(final, 'anvil_mine', ['0x6']),
    // Depth 10 needs ten blocks above genesis.
    rpc(state, 'anvil_mine', ['0xa']),
  ])
})

const reorg = (url: string, options: Record<string, unknown>) => rpc<ReorgResult>(url, 'sim_reorg', [options])
const getLogs = (url: string, filter: unknown) => rpc<WireLog[]>(url, 'eth_getLogs', [filter])
const transfer = (to: Hex, amount: bigint) => transferOn(main, token, to, amount)
const blockByHash = (url: string, hash: Hex, full = false) => rpc(url, 'eth_getBlockByHash', [hash, full])

/** Every log of the canonical chain, read from the blocks' receipts (not from the log index). */
async function canonicalLogsFromReceipts(url: string, address: Hex): Promise<WireLog[]> {
  const logs: WireLog[] = []
  const top = await head(url)
  for (let n = 0n; n <= top; n++) {
    const receipts = await rpc<Array<{ logs: WireLog[] }>>(url, 'eth_getBlockReceipts', [hex(n)])
    for (const receipt of receipts) logs.push(...receipt.logs.filter((l) => l.address === address.toLowerCase()))
  }
  return logs
}

const withoutRemoved = ({ removed: _removed, ...rest }: WireLog) => rest

describe('sim_reorg over JSON-RPC', () => {
  test('answers {commonAncestor, removedBlocks, addedBlocks, removedLogs, addedLogs} with hex counts and real hashes', async () => {
    await transfer(a1, 1n)
    await transfer(a2, 2n)
    const top = await head(main)
    const ancestor = await block(main, hex(top - 2n))
    const removed = [(await block(main, hex(top - 1n))).hash, (await block(main, hex(top))).hash]

    const result = await reorg(main, { depth: 2 })
    expect(Object.keys(result).sort()).toEqual(['addedBlocks', 'addedLogs', 'commonAncestor', 'removedBlocks', 'removedLogs'])
    expect(result.commonAncestor).toEqual({ number: hex(top - 2n), hash: ancestor.hash })
    expect(result.removedBlocks).toEqual(removed)
    expect(result.removedLogs).toBe('0x2')
    // Default length depth + 1; reinclude "all" re-mines both transfers.
    expect(result.addedBlocks).toHaveLength(3)
    expect(result.addedLogs).toBe('0x2')
    for (const q of [result.commonAncestor.number, result.removedLogs, result.addedLogs]) expect(q).toMatch(MINIMAL_HEX)
    for (const [i, hash] of result.addedBlocks.entries()) {
      expect(hash).toMatch(HASH)
      expect(removed).not.toContain(hash)
      expect((await block(main, hex(top - 1n + BigInt(i)))).hash).toBe(hash)
    }
    expect((await block(main, 'latest')).hash).toBe(result.addedBlocks.at(-1))
    // The orphaned blocks are still known by hash, no longer canonical.
    expect((await blockByHash(main, removed[0]!)).hash).toBe(removed[0])
  })

  test('a log filter gets the orphaned logs (original fields, removed: true, oldest first), then the new branch', async () => {
    const id = await rpc<string>(main, 'eth_newFilter', [{ address: token }])
    const toA2 = await rpc<string>(main, 'eth_newFilter', [{ address: token, topics: [TRANSFER, null, pad(a2.toLowerCase() as Hex)] }])
    await transfer(a1, 11n)
    await transfer(a2, 12n)
    await transfer(a3, 13n)
    const before = await changes(main, id)
    expect(before).toHaveLength(3)
    const beforeToA2 = await changes(main, toA2)
    expect(beforeToA2).toEqual([before[1]])

    const result = await reorg(main, { depth: 2 })
    const after = await changes(main, id)
    expect(result.removedLogs).toBe('0x2')
    const removed = after.slice(0, 2)
    const added = after.slice(2)
    expect(removed.map((l) => l.removed)).toEqual([true, true])
    // Field for field what was reported before, except `removed`.
    expect(removed.map(withoutRemoved)).toEqual(before.slice(1).map(withoutRemoved))
    expect(added).toHaveLength(Number(result.addedLogs))
    expectEach(added, (log, label) => {
      expect(log.removed, label).toBe(false)
      expect(result.addedBlocks, label).toContain(log.blockHash)
    })
    const ancestor = BigInt(result.commonAncestor.number)
    expect(added).toEqual(await getLogs(main, { address: token, fromBlock: hex(ancestor + 1n) }))
    expect(await changes(main, id)).toEqual([])

    // A filter on one holder: only its orphaned log, then its re-mined one.
    const afterToA2 = await changes(main, toA2)
    expect(afterToA2.map((l) => l.removed)).toEqual([true, false])
    expect(withoutRemoved(afterToA2[0]!)).toEqual(withoutRemoved(before[1]!))
    expect(afterToA2[1]).toEqual(added.find((l) => l.transactionHash === before[1]!.transactionHash))
  })

  test('removed logs of several blocks and a deeper reorg come oldest block first', async () => {
    const id = await rpc<string>(main, 'eth_newFilter', [{ address: token }])
    for (let i = 0; i < 4; i++) await transfer(a1, 100n + BigInt(i))
    const before = await changes(main, id)
    const result = await reorg(main, { depth: 4, length: 2 })
    const after = await changes(main, id)
    const removed = after.filter((l) => l.removed)
    expect(after.slice(0, removed.length)).toEqual(removed)
    expect(removed.map((l) => BigInt(l.blockNumber))).toEqual(before.map((l) => BigInt(l.blockNumber)))
    expect(removed.map(withoutRemoved)).toEqual(before.map(withoutRemoved))
    expect(after.length - removed.length).toBe(Number(result.addedLogs))
  })

  test('a filter with a numeric range gets removed and new logs by their own block number, inside its range only', async () => {
    const h = await head(main)
    const id = await rpc<string>(main, 'eth_newFilter', [{ address: token, fromBlock: hex(h + 1n), toBlock: hex(h + 2n) }])
    await transfer(a1, 51n)
    await transfer(a1, 52n)
    await transfer(a1, 53n)
    const before = await changes(main, id)
    expect(before.map((l) => BigInt(l.blockNumber))).toEqual([h + 1n, h + 2n])
    // Removes h + 2 and h + 3: only h + 2 is in range.
    const result = await reorg(main, { depth: 2, length: 3 })
    expect(result.commonAncestor.number).toBe(hex(h + 1n))
    const after = await changes(main, id)
    const inRange = await getLogs(main, { address: token, fromBlock: hex(h + 2n), toBlock: hex(h + 2n) })
    expect(after).toEqual([{ ...before[1], removed: true }, ...inRange])
  })

  test('a block filter gets every block of the new branch, in order', async () => {
    const id = await rpc<string>(main, 'eth_newBlockFilter')
    await rpc(main, 'evm_mine')
    await rpc(main, 'evm_mine')
    expect(await changes(main, id)).toHaveLength(2)
    const result = await reorg(main, { depth: 3, length: 5 })
    expect(await changes<Hex>(main, id)).toEqual(result.addedBlocks)
    expect(await changes(main, id)).toEqual([])
  })

  test('eth_getLogs and eth_getFilterLogs return only canonical logs after the reorg', async () => {
    const id = await rpc<string>(main, 'eth_newFilter', [{ address: token, fromBlock: 'earliest' }])
    await transfer(a1, 21n)
    await transfer(a2, 22n)
    const result = await reorg(main, { depth: 2, length: 1 })
    const expected = await canonicalLogsFromReceipts(main, token)
    const logs = await getLogs(main, { address: token, fromBlock: 'earliest' })
    expect(logs).toEqual(expected)
    expect(await rpc(main, 'eth_getFilterLogs', [id])).toEqual(expected)
    for (const log of logs) {
      expect(result.removedBlocks).not.toContain(log.blockHash)
      expect((await block(main, log.blockNumber)).hash).toBe(log.blockHash)
    }
    expect(logs.slice(-2).map((l) => l.blockHash)).toEqual([result.addedBlocks[0], result.addedBlocks[0]])
  })

  test('eth_getLogs with the blockHash of an orphaned block → -32000 "unknown block"', async () => {
    await transfer(a1, 31n)
    const orphan = (await block(main, 'latest')).hash as Hex
    expect(await getLogs(main, { blockHash: orphan })).toHaveLength(1)
    await reorg(main, { depth: 1 })
    expect(await rpcError(main, 'eth_getLogs', [{ blockHash: orphan }])).toEqual({ code: -32000, message: 'unknown block' })
  })

  test('a blockHash filter reports the removal of its block and nothing of the replacement', async () => {
    await transfer(a1, 41n)
    const named = (await block(main, 'latest')).hash as Hex
    const id = await rpc<string>(main, 'eth_newFilter', [{ blockHash: named, address: token }])
    const [original] = await getLogs(main, { blockHash: named })
    // length 1: the transfer is re-mined in the replacement block, at the same height.
    await reorg(main, { depth: 1, length: 1 })
    const after = await changes(main, id)
    expectEach(after, (log, label) => expect(log.blockHash, label).toBe(named))
    expect(after).toEqual([{ ...original, removed: true }])
  })
})

describe('state after reorgs of depth 1, 3 and 10', () => {
  type Variant = 'all' | 'none' | 'drop' | 'add'
  const sender: Record<Variant, number> = { all: 1, none: 2, drop: 3, add: 4 }
  const ADDER = 5
  let recipientCounter = 0

  async function balance(address: Hex, tag: Hex | 'latest' = 'latest') {
    return BigInt(await rpc<Hex>(state, 'eth_getBalance', [address, tag]))
  }
  async function nonce(address: Hex, tag: Hex | 'latest' | 'pending' = 'latest') {
    return BigInt(await rpc<Hex>(state, 'eth_getTransactionCount', [address, tag]))
  }

  /** Each transaction of the canonical blocks `hashes`, with what its receipt says it paid. */
  async function branchTransactions(hashes: Hex[]) {
    const found = []
    for (const hash of hashes) {
      const b = await blockByHash(state, hash, true)
      for (const tx of b.transactions as Array<{ hash: Hex; from: Hex; to: Hex; value: Hex; transactionIndex: Hex }>) {
        const receipt = await receiptOf(state, tx.hash)
        expect(receipt.blockHash).toBe(hash)
        const fee = BigInt(receipt.gasUsed) * BigInt(receipt.effectiveGasPrice)
        found.push({ ...tx, blockHash: hash, fee })
      }
    }
    return found
  }

  describe.each([1, 3, 10])('depth %i', (depth) => {
    test.each<Variant>(['all', 'none', 'drop', 'add'])('reinclude/drop/add "%s": balances and nonces are the new branch’s', async (variant) => {
      const from = accounts[sender[variant]]!
      const adder = accounts[ADDER]!
      const recipient = pad(toHex(0xbeef0000 + ++recipientCounter), { size: 20 })
      const sent: Hex[] = []
      for (let i = 0; i < depth; i++) sent.push(await send(state, { from, to: recipient, value: hex(1_000n + BigInt(i)) }))
      const top = await head(state)
      const ancestorTag = hex(top - BigInt(depth))
      const positionsBefore = await Promise.all(
        sent.map(async (h) => {
          const r = await receiptOf(state, h)
          return `${r.blockNumber}:${r.transactionIndex}`
        }),
      )
      const at = {
        from: await balance(from, ancestorTag),
        fromNonce: await nonce(from, ancestorTag),
        recipient: await balance(recipient, ancestorTag),
        adder: await balance(adder, ancestorTag),
        adderNonce: await nonce(adder, ancestorTag),
      }
      const oldRecipient = await balance(recipient)

      const options: Record<string, unknown> = { depth }
      let added: Hex | undefined
      if (variant === 'none') options.reinclude = 'none'
      if (variant === 'drop') options.drop = [sent.at(-1)]
      if (variant === 'add') {
        const raw = await signRaw(state, ADDER, {
          chainId: CHAIN_ID,
          type: 'eip1559',
          to: recipient,
          value: 7n,
          gas: 21_000n,
          maxFeePerGas: parseGwei('100'),
          maxPriorityFeePerGas: parseGwei('1'),
        })
        added = keccak256(raw)
        options.add = [raw]
      }
      const result = await reorg(state, options)
      expect(result.commonAncestor.number).toBe(ancestorTag)
      expect(result.addedBlocks).toHaveLength(depth + 1)

      const branch = await branchTransactions(result.addedBlocks)
      const included = branch.map((t) => t.hash)
      const expectedIncluded = {
        all: sent,
        none: [],
        drop: sent.slice(0, -1),
        add: [added!, ...sent],
      }[variant]
      expect(included).toEqual(expectedIncluded)
      if (variant === 'add') expect(branch[0]).toMatchObject({ hash: added, blockHash: result.addedBlocks[0], transactionIndex: '0x0' })
      const reincluded = sent.filter((h) => included.includes(h))
      if (reincluded.length > 0) {
        const positionsAfter = await Promise.all(
          reincluded.map(async (h) => {
            const r = await receiptOf(state, h)
            return `${r.blockNumber}:${r.transactionIndex}`
          }),
        )
        // Re-included transactions visibly move (docs/reference/reorgs-and-filters.md, Reorgs: at least one changes block or position).
        expect(positionsAfter).not.toEqual(positionsBefore.slice(0, reincluded.length))
      }

      const mine = branch.filter((t) => t.from === from.toLowerCase())
      const adders = branch.filter((t) => t.from === adder.toLowerCase())
      const toRecipient = branch.filter((t) => t.to === recipient.toLowerCase())
      expect(await balance(from)).toBe(at.from - mine.reduce((sum, t) => sum + BigInt(t.value) + t.fee, 0n))
      expect(await nonce(from)).toBe(at.fromNonce + BigInt(mine.length))
      expect(await balance(recipient)).toBe(at.recipient + toRecipient.reduce((sum, t) => sum + BigInt(t.value), 0n))
      expect(await balance(adder)).toBe(at.adder - adders.reduce((sum, t) => sum + BigInt(t.value) + t.fee, 0n))
      expect(await nonce(adder)).toBe(at.adderNonce + BigInt(adders.length))

      const pendingBlock = await block(state, 'pending')
      if (variant === 'none') {
        expect(await balance(recipient)).not.toBe(oldRecipient)
        // Back in the pool: pending, with null block fields; the pending nonce counts them.
        for (const hash of sent) {
          expect(await rpc(state, 'eth_getTransactionByHash', [hash])).toMatchObject({ hash, blockHash: null, blockNumber: null, transactionIndex: null })
        }
        expect(pendingBlock.transactions).toEqual(sent)
        expect(await nonce(from, 'pending')).toBe(at.fromNonce + BigInt(depth))
        await rpc(state, 'evm_mine')
        expect(await balance(recipient)).toBe(oldRecipient)
      } else {
        expect(pendingBlock.transactions).toEqual([])
      }
      if (variant === 'drop') {
        expect(await rpc(state, 'eth_getTransactionByHash', [sent.at(-1)])).toBeNull()
        expect(await rpc(state, 'eth_getTransactionReceipt', [sent.at(-1)])).toBeNull()
        expect(await balance(recipient)).toBe(oldRecipient - 1_000n - BigInt(depth - 1))
      }
    })
  })
})

describe('finality and params', () => {
  test('a reorg past finalized → -32602 naming finalized; accepted with force: true', async () => {
    const top = await head(final)
    const tip = (await block(final, 'latest')).hash
    const refused = await rpcError(final, 'sim_reorg', [{ depth: 3 }])
    expect(refused.code).toBe(-32602)
    expect(refused.message).toMatch(/finalized/)
    expect(refused.message).toMatch(/force/)
    expect((await block(final, 'latest')).hash).toBe(tip)
    expect(await rpcError(final, 'anvil_rollback', [3])).toMatchObject({ code: -32602, message: expect.stringMatching(/finalized/) })
    expect(await rpcError(final, 'anvil_reorg', [3, []])).toMatchObject({ code: -32602, message: expect.stringMatching(/finalized/) })
    expect((await block(final, 'latest')).hash).toBe(tip)

    // Removing only blocks above finalized (head − 2) needs no force.
    const allowed = await reorg(final, { depth: 2 })
    expect(allowed.commonAncestor.number).toBe(hex(top - 2n))
    const now = await head(final)
    const forced = await reorg(final, { depth: 3, force: true })
    expect(forced.commonAncestor.number).toBe(hex(now - 3n))
    expect(forced.removedBlocks).toHaveLength(3)
  })

  test.each([
    ['depth 0', { depth: 0 }],
    ['depth not a number', { depth: 'three' }],
    ['depth missing', {}],
    ['an unknown key', { depth: 1, deep: true }],
    ['reinclude "maybe"', { depth: 1, reinclude: 'maybe' }],
    ['drop not hashes', { depth: 1, drop: ['0x1234'] }],
    ['add not hex', { depth: 1, add: ['not hex'] }],
    ['add not a transaction', { depth: 1, add: ['0x1234'] }],
  ])('%s → -32602', async (_name, options) => {
    const tip = (await block(main, 'latest')).hash
    const error = await rpcError(main, 'sim_reorg', [options])
    expect(error.code).toBe(-32602)
    expect(error.message.length).toBeGreaterThan(0)
    expect((await block(main, 'latest')).hash).toBe(tip)
  })

  test('params that are not one object → -32602', async () => {
    expect(await rpcError(main, 'sim_reorg', [])).toMatchObject({ code: -32602 })
    expect(await rpcError(main, 'sim_reorg', [1])).toMatchObject({ code: -32602 })
  })
})
