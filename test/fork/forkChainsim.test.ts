import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { decodeFunctionResult, encodeAbiParameters, hexToBytes, keccak256 } from 'viem'
import type { Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { parseConfig } from '../../src/config/loadConfig.ts'
import { ChainsimToken } from '../../src/contracts/index.ts'
import { bytesToHex } from '../../src/evm/index.ts'
import { createForkedNode } from '../../src/fork/createForkedNode.ts'
import { formatReport } from '../../src/scenarios/formatReport.ts'
import { playScenario } from '../../src/scenarios/playScenario.ts'
import { startServer } from '../../src/server.ts'
import type { RunningServer } from '../../src/server.ts'
import { deployEmitterViaRpc, deployTokenViaRpc, devAccount, emitterCall, hex, receiptOf, send, tokenCall } from '../helpers/rpcChain.ts'
import { anvilImpersonatedHash } from '../helpers/impersonation.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { countingProxy, spawnChainsim } from '../helpers/upstream.ts'
import type { CountingProxy, SpawnedNode } from '../helpers/upstream.ts'

// A fork of a real chainsim process on loopback, seen through a proxy that counts what the fork asks it.
const alice = devAccount(0).address
const bob = devAccount(1).address
/** A token holder nobody has the key of: only impersonation sends as it. */
const holder: Hex = '0x000000000000000000000000000000000000c0de'
const TOKEN = 10n ** 18n
/** An account with ether upstream and nothing else (no nonce, no code). */
const saver: Hex = '0x00000000000000000000000000000000005a7e12'
/** Upstream logs at or below the fork block: one short of the 10,000-result limit. */
const UPSTREAM_TICKS = 9_999n

let upstream: SpawnedNode
let proxy: CountingProxy
let cacheDir: string
let fork: RunningServer
let url: string
let token: Hex
let emitter: Hex
let forkBlock: bigint
let deployHash: Hex
let afterForkHash: Hex

const balanceSlot = (owner: Hex) => keccak256(encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [owner, 3n]))
const balanceOf = async (at: string, owner: Hex, block: string = 'latest') =>
  decodeFunctionResult({
    abi: ChainsimToken.abi,
    functionName: 'balanceOf',
    data: await rpc<Hex>(at, 'eth_call', [{ to: token, data: tokenCall('balanceOf', [owner]) }, block]),
  })

async function startFork(options: { offline?: boolean } = {}): Promise<RunningServer> {
  const config = parseConfig({
    networks: [{ name: 'fork', fork: { url: proxy.url, blockNumber: Number(forkBlock), cacheDir, retries: 1, ...options } }],
  })
  return startServer(config, { port: 0 })
}

beforeAll(async () => {
  cacheDir = await mkdtemp(join(tmpdir(), 'chainsim-fork-cache-'))
  // Prague: its history holds one transaction of 29M gas (10,000 logs), over Osaka's cap of 2^24 (EIP-7825).
  upstream = await spawnChainsim({ name: 'upstream', chainId: 1337, hardfork: 'prague' })
  const u = upstream.url
  token = await deployTokenViaRpc(u)
  deployHash = (await rpc(u, 'eth_getBlockByNumber', ['0x1', false])).transactions[0]
  await receiptOf(u, await send(u, { from: alice, to: token, data: tokenCall('transfer', [holder, 1000n * TOKEN]) }))
  await receiptOf(u, await send(u, { from: alice, to: token, data: tokenCall('transfer', [bob, 5n * TOKEN]) }))
  await receiptOf(u, await send(u, { from: alice, to: saver, value: hex(TOKEN) }))
  emitter = await deployEmitterViaRpc(u)
  await receiptOf(u, await send(u, { from: alice, to: emitter, data: emitterCall('emitMany', [UPSTREAM_TICKS]), gas: hex(29_000_000) }))
  forkBlock = BigInt(await rpc(u, 'eth_blockNumber'))
  // Mined upstream after the fork block: never part of the fork.
  afterForkHash = await send(u, { from: alice, to: token, data: tokenCall('transfer', [bob, 1n]) })
  proxy = await countingProxy(u)
  fork = await startFork()
  url = `${fork.networks[0]!.httpUrl}/v3/test`
}, 120_000)

afterAll(async () => {
  await fork?.close()
  await proxy?.close()
  await upstream?.kill()
  if (cacheDir) await rm(cacheDir, { recursive: true, force: true })
})

describe('a fork of a live chainsim', () => {
  test('starts at the fork block with the upstream chain id; the blocks up to it are the upstream’s', async () => {
    expect(await rpc(url, 'eth_chainId')).toBe('0x539')
    expect(BigInt(await rpc(url, 'eth_blockNumber'))).toBe(forkBlock)
    expect(fork.networks[0]!.fork).toMatchObject({ blockNumber: forkBlock, upstream: proxy.url, offline: false })
    for (const [tag, full] of [
      [hex(forkBlock), false],
      ['0x1', true],
      ['earliest', false],
      ['latest', true],
    ] as const) {
      const number = tag === 'latest' ? hex(forkBlock) : tag === 'earliest' ? '0x0' : tag
      expect(await rpc(url, 'eth_getBlockByNumber', [tag, full])).toEqual(await rpc(upstream.url, 'eth_getBlockByNumber', [number, full]))
    }
    const upstreamBlock = await rpc(upstream.url, 'eth_getBlockByNumber', ['0x2', false])
    expect(await rpc(url, 'eth_getBlockByHash', [upstreamBlock.hash, false])).toEqual(upstreamBlock)
    expect(await rpc(url, 'eth_getTransactionByHash', [deployHash])).toEqual(await rpc(upstream.url, 'eth_getTransactionByHash', [deployHash]))
    expect(await rpc(url, 'eth_getTransactionReceipt', [deployHash])).toEqual(await rpc(upstream.url, 'eth_getTransactionReceipt', [deployHash]))
    expect(await rpc(url, 'eth_getBlockReceipts', ['0x1'])).toEqual(await rpc(upstream.url, 'eth_getBlockReceipts', ['0x1']))
    // What the upstream mined after the fork block is not the fork's.
    expect(await rpc(url, 'eth_getBlockByNumber', [hex(forkBlock + 1n), false])).toBeNull()
    expect(await rpc(url, 'eth_getTransactionByHash', [afterForkHash])).toBeNull()
    expect(await rpc(url, 'eth_getTransactionReceipt', [afterForkHash])).toBeNull()
    // BLOCKHASH of a block below the fork block is the upstream's: PUSH1 n BLOCKHASH, returned as one word by
    // code put at an address for the call (run as creation code, a hash starting 0xef would be refused as code).
    const n = forkBlock - 1n
    const blockhash = `0x60${n.toString(16).padStart(2, '0')}4060005260206000f3` as Hex
    const reader: Hex = '0x00000000000000000000000000000000000b10c4'
    const call = [{ from: alice, to: reader }, 'latest', { [reader]: { code: blockhash } }]
    expect(await rpc(url, 'eth_call', call)).toBe((await rpc(upstream.url, 'eth_getBlockByNumber', [hex(n), false])).hash)
  })

  test('traces and uncles of the blocks up to the fork block are the upstream’s; of the upstream’s later blocks, not found', async () => {
    const upstreamBlock = await rpc(upstream.url, 'eth_getBlockByNumber', ['0x1', false])
    const same = async (method: string, params: unknown[]) => expect(await rpc(url, method, params)).toEqual(await rpc(upstream.url, method, params))
    await same('debug_traceTransaction', [deployHash])
    await same('debug_traceTransaction', [deployHash, { tracer: 'callTracer' }])
    await same('debug_traceBlockByNumber', ['0x1', { tracer: 'prestateTracer' }])
    await same('debug_traceBlockByHash', [upstreamBlock.hash, { tracer: 'callTracer' }])
    const call = { from: alice, to: token, data: tokenCall('balanceOf', [alice]) }
    await same('debug_traceCall', [call, '0x1', { tracer: 'callTracer' }])
    for (const [method, params] of [
      ['eth_getUncleCountByBlockNumber', ['0x1']],
      ['eth_getUncleCountByBlockHash', [upstreamBlock.hash]],
      ['eth_getUncleByBlockNumberAndIndex', ['0x1', '0x0']],
      ['eth_getUncleByBlockHashAndIndex', [upstreamBlock.hash, '0x0']],
    ] as const) {
      await same(method, [...params])
    }
    expect(await rpc(url, 'eth_getUncleCountByBlockNumber', ['0x1'])).toBe('0x0')
    expect(await rpcError(url, 'debug_traceTransaction', [afterForkHash])).toMatchObject({ code: -32000, message: 'transaction not found' })
  })

  test('reads balances, code and storage lazily, each account and slot fetched once', async () => {
    const holderSlot = balanceSlot(holder)
    const stateCalls = () => proxy.calls.filter((c) => /^eth_(getBalance|getTransactionCount|getCode|getStorageAt) /.test(c))
    const before = stateCalls().length
    for (let i = 0; i < 3; i++) {
      expect(await balanceOf(url, holder)).toBe(1000n * TOKEN)
      expect(BigInt(await rpc(url, 'eth_getStorageAt', [token, holderSlot, 'latest']))).toBe(1000n * TOKEN)
      expect(await rpc(url, 'eth_getCode', [token, 'latest'])).toBe(await rpc(upstream.url, 'eth_getCode', [token, hex(forkBlock)]))
    }
    const fetched = stateCalls().slice(before)
    // The token's account (balance, nonce, code in one batch) and the holder's slot: nothing twice.
    expect(new Set(fetched).size).toBe(fetched.length)
    expect(fetched.filter((c) => c.startsWith('eth_getStorageAt') && c.includes(holderSlot))).toHaveLength(1)
    expect(fetched.filter((c) => c.startsWith('eth_getCode') && c.includes(token.toLowerCase()))).toHaveLength(1)
    // eth_getProof proves what the local trie holds; an account the fork never wrote has no proof there.
    expect((await rpcError(url, 'eth_getProof', [token, [], 'latest'])).message).toMatch(/has no proof here: the fork has not written it/)
    expect(await rpc(url, 'eth_getProof', [alice, [], 'latest'])).toMatchObject({ balance: hex(10_000n * TOKEN) })
    // State before the fork block is the upstream's, asked at that block.
    expect(await balanceOf(url, holder, '0x1')).toBe(0n)
    expect(await rpc(url, 'eth_getBalance', [alice, hex(forkBlock - 1n)])).toBe(await rpc(upstream.url, 'eth_getBalance', [alice, hex(forkBlock - 1n)]))
    // ...and so is its error answer: a transfer the holder cannot afford reverts there as the upstream says.
    const unaffordable = [{ from: bob, to: token, data: tokenCall('transfer', [alice, 10n ** 30n]) }, hex(forkBlock - 1n)]
    expect(await rpcError(url, 'eth_call', unaffordable)).toEqual(await rpcError(upstream.url, 'eth_call', unaffordable))
  })

  test('dev accounts are funded on the fork; a transfer mines on top of the upstream’s fork block', async () => {
    expect(BigInt(await rpc(url, 'eth_getBalance', [alice, 'latest']))).toBe(10_000n * TOKEN)
    const aliceTokens = await balanceOf(url, alice)
    const hash = await send(url, { from: alice, to: token, data: tokenCall('transfer', [bob, 7n * TOKEN]) })
    const receipt = await receiptOf(url, hash)
    expect(receipt.status).toBe('0x1')
    expect(BigInt(receipt.blockNumber)).toBe(forkBlock + 1n)
    const block = await rpc(url, 'eth_getBlockByNumber', [receipt.blockNumber, false])
    expect(block.parentHash).toBe((await rpc(upstream.url, 'eth_getBlockByNumber', [hex(forkBlock), false])).hash)
    expect(await balanceOf(url, bob)).toBe(12n * TOKEN)
    expect(await balanceOf(url, alice)).toBe(aliceTokens - 7n * TOKEN)
    // The upstream is untouched.
    expect(await balanceOf(upstream.url, bob, hex(forkBlock))).toBe(5n * TOKEN)
    expect((await rpc(url, 'eth_getBlockByNumber', ['pending', false])).number).toBe(hex(forkBlock + 2n))
  })

  test('an upstream account emptied and touched on the fork stays empty (it is not the upstream’s again)', async () => {
    expect(BigInt(await rpc(url, 'eth_getBalance', [saver, 'latest']))).toBe(TOKEN)
    await rpc(url, 'anvil_setBalance', [saver, '0x0'])
    // A call that touches the now empty account: EIP-161 removes it at the end of the transaction.
    expect((await receiptOf(url, await send(url, { from: alice, to: saver, value: '0x0' }))).status).toBe('0x1')
    expect(BigInt(await rpc(url, 'eth_getBalance', [saver, 'latest']))).toBe(0n)
    expect(BigInt(await rpc(upstream.url, 'eth_getBalance', [saver, hex(forkBlock)]))).toBe(TOKEN)
  })

  test('an impersonated account sends in Anvil’s form; emptying its balance hides the upstream’s value', async () => {
    expect((await rpcError(url, 'eth_sendTransaction', [{ from: holder, to: bob }])).message).toMatch(/unknown account/)
    expect(await rpc(url, 'anvil_impersonateAccount', [holder])).toBeNull()
    await rpc(url, 'anvil_setBalance', [holder, hex(TOKEN)])
    const hash = await send(url, { from: holder, to: token, data: tokenCall('transfer', [bob, 1000n * TOKEN]) })
    const receipt = await receiptOf(url, hash)
    expect(receipt).toMatchObject({ status: '0x1', from: holder })
    const tx = await rpc(url, 'eth_getTransactionByHash', [hash])
    expect(tx).toMatchObject({ from: holder, r: '0x0', s: '0x0', yParity: '0x0' })
    expect(hash).toBe(anvilImpersonatedHash(tx, 1337))
    expect(await balanceOf(url, holder)).toBe(0n)
    expect(BigInt(await rpc(url, 'eth_getStorageAt', [token, balanceSlot(holder), 'latest']))).toBe(0n)
    expect(await rpc(url, 'hardhat_stopImpersonatingAccount', [holder])).toBe(true)
    expect((await rpcError(url, 'eth_sendTransaction', [{ from: holder, to: bob }])).code).toBe(-32000)
  })

  test('reorgs above the fork block tell filters of removed logs; one reaching the fork block is refused', async () => {
    const filter = await rpc(url, 'eth_newFilter', [{ address: token }])
    const hash = await send(url, { from: alice, to: token, data: tokenCall('transfer', [bob, TOKEN]) })
    const mined = await receiptOf(url, hash)
    expect(await rpc(url, 'eth_getFilterChanges', [filter])).toHaveLength(1)
    await rpc(url, 'sim_reorg', [{ depth: 1, reinclude: 'none' }])
    const changes = await rpc(url, 'eth_getFilterChanges', [filter])
    expect(changes).toEqual([expect.objectContaining({ removed: true, transactionHash: hash, blockHash: mined.blockHash })])
    const head = BigInt(await rpc(url, 'eth_blockNumber'))
    const tooDeep = Number(head - forkBlock + 1n)
    const error = await rpcError(url, 'sim_reorg', [{ depth: tooDeep, force: true }])
    expect(error.code).toBe(-32602)
    expect(error.message).toMatch(new RegExp(`would remove block ${forkBlock}, the fork block`))
    expect((await rpcError(url, 'anvil_rollback', [tooDeep])).code).toBe(-32602)
  })

  test("the explorer's reads start at the fork block: the tree, the fork block and a local transaction", async () => {
    const hash = await send(url, { from: alice, to: token, data: tokenCall('transfer', [bob, TOKEN]) })
    const mined = await receiptOf(url, hash)
    const network = await rpc(url, 'sim_network')
    expect(network).toMatchObject({ first: hex(forkBlock), chainId: '0x539' })
    // Heights below the fork block are the upstream's: the tree leaves them out however it is asked.
    const tree = await rpc(url, 'sim_forkTree', [{ fromBlock: 0 }])
    expect(tree.fromBlock).toBe(hex(forkBlock))
    expect(tree.blocks.at(-1)).toMatchObject({ number: hex(forkBlock), canonical: true })
    expect((await rpc(url, 'sim_forkTree', [{ fromBlock: 0, toBlock: hex(forkBlock - 1n) }])).blocks).toEqual([])
    const forkHash = tree.blocks.at(-1).hash
    expect(await rpc(url, 'sim_block', [{ hash: forkHash }])).toMatchObject({ number: hex(forkBlock), hash: forkHash, transactions: [] })
    const local = await rpc(url, 'sim_transaction', [{ blockHash: mined.blockHash, index: 0 }])
    expect(local).toMatchObject({ status: '0x1', call: { name: 'transfer' }, logs: [{ decoded: { name: 'Transfer' } }] })
    expect(await rpc(url, 'sim_pool')).toMatchObject({ pooled: 0 })
  })

  test('eth_getLogs across the fork block merges both sides under the 10,000-result limit', async () => {
    const range = { fromBlock: '0x0', toBlock: 'latest', address: emitter }
    const upstreamLogs = await rpc(upstream.url, 'eth_getLogs', [{ ...range, toBlock: hex(forkBlock) }])
    expect(upstreamLogs).toHaveLength(Number(UPSTREAM_TICKS))
    expect(await rpc(url, 'eth_getLogs', [{ ...range, toBlock: hex(forkBlock) }])).toEqual(upstreamLogs)
    await receiptOf(url, await send(url, { from: alice, to: emitter, data: emitterCall('emitMany', [1n]) }))
    const merged = await rpc(url, 'eth_getLogs', [range])
    expect(merged).toHaveLength(10_000)
    expect(await rpc(url, 'eth_getFilterLogs', [await rpc(url, 'eth_newFilter', [range])])).toEqual(merged)
    expect(merged.slice(0, -1)).toEqual(upstreamLogs)
    expect(BigInt(merged.at(-1).blockNumber)).toBeGreaterThan(forkBlock)
    const second = await receiptOf(url, await send(url, { from: alice, to: emitter, data: emitterCall('emitMany', [1n]) }))
    const refused = await rpcError(url, 'eth_getLogs', [range])
    expect(refused.code).toBe(-32005)
    const suggested = refused.data as { from: string; to: string }
    expect(suggested).toMatchObject({ from: '0x0', to: hex(BigInt(second.blockNumber) - 1n) })
    expect(await rpc(url, 'eth_getLogs', [{ ...range, ...{ fromBlock: suggested.from, toBlock: suggested.to } }])).toHaveLength(10_000)
    // A block hash below the fork block names the upstream's logs of that block.
    const emitBlock = upstreamLogs[0].blockHash
    expect(await rpc(url, 'eth_getLogs', [{ blockHash: emitBlock, address: emitter }])).toHaveLength(Number(UPSTREAM_TICKS))
  })

  test('a scenario’s network forks too (`fork` key), with a chain id of its own', async () => {
    const played = await playScenario(
      {
        name: 'a transfer on a fork',
        networks: [{ name: 'forked', chainId: 7777, fork: { url: proxy.url, blockNumber: Number(forkBlock), cacheDir } }],
        accounts: { alice: 0, bob: 1 },
        steps: [
          { call: { to: token, function: 'balanceOf(address)', args: [holder], returns: ['uint256'] }, expect: { equal: (1000n * TOKEN).toString() } },
          { send: { from: 'alice', to: token, function: 'transfer(address,uint256)', args: ['$bob', '1'] }, as: 'pay' },
          { transaction: '$pay', expect: { status: 'mined', fields: { blockNumber: Number(forkBlock + 1n) } } },
          { rpc: 'eth_chainId', expect: { equal: '0x1e61' } },
        ],
      },
      { label: 'fork scenario' },
    )
    try {
      expect(played.report.ok, formatReport(played.report)).toBe(true)
    } finally {
      await played.close()
    }
  })

  test('anvil_reset goes back to the fork block on the same upstream state; dumps and loads are refused by name', async () => {
    const other = await startFork()
    try {
      const at = `${other.networks[0]!.httpUrl}/v3/test`
      const forkHead = await rpc(at, 'eth_getBlockByNumber', ['latest', false])
      await receiptOf(at, await send(at, { from: alice, to: token, data: tokenCall('transfer', [holder, 3n * TOKEN]) }))
      expect(await balanceOf(at, holder)).toBe(1003n * TOKEN)
      await rpc(at, 'anvil_reset')
      expect(await rpc(at, 'eth_getBlockByNumber', ['latest', false])).toEqual(forkHead)
      expect(await balanceOf(at, holder)).toBe(1000n * TOKEN)
      expect(BigInt(await rpc(at, 'eth_getBalance', [alice, 'latest']))).toBe(10_000n * TOKEN)
      // viem's reset({blockNumber}) names the fork block: the same reset; another block is refused.
      expect(await rpc(at, 'anvil_reset', [{ forking: { blockNumber: Number(forkBlock) } }])).toBeNull()
      const elsewhere = await rpcError(at, 'anvil_reset', [{ forking: { blockNumber: Number(forkBlock) - 1 } }])
      expect(elsewhere).toEqual({
        code: -32602,
        message: `invalid argument 0: this network forks block ${forkBlock}; forking another block is not supported: restart chainsim with --fork-block`,
      })
      const why = `it is a fork of ${proxy.url} at block ${forkBlock}, which restarts from its fork cache instead`
      expect(await rpcError(at, 'anvil_dumpState')).toEqual({ code: -32000, message: `anvil_dumpState cannot save network fork: ${why}` })
      const plain = await rpc(upstream.url, 'anvil_dumpState')
      expect(await rpcError(at, 'anvil_loadState', [plain])).toEqual({ code: -32000, message: `anvil_loadState cannot replace network fork: ${why}` })
      expect(await rpc(at, 'eth_getBlockByNumber', ['latest', false])).toEqual(forkHead)
    } finally {
      await other.close()
    }
  })

  test("a lagging replica of the fork still answers the upstream's blocks below the fork block", async () => {
    const other = await startFork()
    try {
      const at = `${other.networks[0]!.httpUrl}/v3/test`
      await rpc(at, 'anvil_mine', [3])
      await rpc(at, 'sim_fault', [{ kind: 'lag', blocks: 2 }])
      expect(BigInt(await rpc(at, 'eth_blockNumber'))).toBe(forkBlock + 1n)
      expect(await rpc(at, 'eth_getBlockByNumber', ['0x2', false])).toEqual(await rpc(upstream.url, 'eth_getBlockByNumber', ['0x2', false]))
      expect(await rpc(at, 'eth_getTransactionByHash', [deployHash])).toEqual(await rpc(upstream.url, 'eth_getTransactionByHash', [deployHash]))
      expect(await rpc(at, 'eth_getBlockByNumber', [hex(forkBlock + 2n), false])).toBeNull()
    } finally {
      await other.close()
    }
  })

  test('raw transactions and account reads up to the fork block are the upstream’s; later ones the fork’s own', async () => {
    const before = hex(forkBlock - 1n)
    const slots = { [token]: [balanceSlot(bob), balanceSlot(holder)] }
    for (const [method, params] of [
      ['eth_getRawTransactionByHash', [deployHash]],
      ['debug_getRawTransaction', [deployHash]],
      ['eth_getRawTransactionByBlockNumberAndIndex', ['0x1', '0x0']],
      ['eth_getAccount', [token, before]],
      ['eth_getStorageValues', [slots, before]],
    ] as const) {
      const theirs = await rpc(upstream.url, method, [...params])
      expect(theirs, method).not.toBeNull()
      expect(await rpc(url, method, [...params]), method).toEqual(theirs)
    }
    expect(await rpc(url, 'eth_getRawTransactionByHash', [afterForkHash])).toBeNull()
    // At the fork's head the token is read lazily from the upstream, as eth_getCode reads it.
    const info = await rpc(url, 'eth_getAccountInfo', [token, 'latest'])
    expect(info.code).toBe(await rpc(upstream.url, 'eth_getCode', [token, hex(forkBlock)]))
  })

  test('local blocks hash the same on the same fork block, whatever was read or cached before', async () => {
    const roots: string[] = []
    for (const [dir, readFirst] of [
      [await mkdtemp(join(tmpdir(), 'chainsim-fork-cold-')), false],
      [cacheDir, true],
      [await mkdtemp(join(tmpdir(), 'chainsim-fork-cold-')), true],
    ] as const) {
      const forked = await createForkedNode(
        { url: proxy.url, blockNumber: forkBlock, cacheDir: dir },
        { clock: { kind: 'fixed', genesisTime: 1_700_000_000n, blockTime: 12n } },
      )
      const { node } = forked
      const [from] = node.accounts
      if (readFirst) await node.execution.call({ from: from!.address, to: hexToBytes(token), data: hexToBytes(tokenCall('balanceOf', [holder])) }, node.head)
      await node.sendTransaction({ from: from!.address, to: hexToBytes(token), data: hexToBytes(tokenCall('transfer', [bob, 1n])) })
      roots.push(`${bytesToHex(node.head.hash)} ${bytesToHex(node.head.stateRoot)}`)
      await forked.close()
      if (dir !== cacheDir) await rm(dir, { recursive: true, force: true })
    }
    expect(new Set(roots).size, roots.join('\n')).toBe(1)
  })

  test('an upstream that reorganized below the fork block is detected and reported, not mixed in', async () => {
    const upstreamHead = BigInt(await rpc(upstream.url, 'eth_blockNumber'))
    await rpc(upstream.url, 'sim_reorg', [{ depth: Number(upstreamHead - forkBlock + 2n), force: true }])
    const stranger: Hex = '0x00000000000000000000000000000000000beef1'
    const error = await rpcError(url, 'eth_getBalance', [stranger, 'latest'])
    expect(error.code).toBe(-32000)
    expect(error.message).toMatch(new RegExp(`reorganized below the fork block: its block ${forkBlock} is 0x[0-9a-f]{64}`))
    expect((await rpcError(url, 'eth_getBlockByNumber', ['0x3', false])).message).toMatch(/reorganized below the fork block/)
    // What was fetched before is still served.
    expect(await balanceOf(url, bob)).toBeGreaterThan(0n)
  })

  test('with the upstream gone, uncached reads fail with -32000 naming it; the node keeps serving', async () => {
    await upstream.kill()
    await proxy.close()
    const stranger: Hex = '0x00000000000000000000000000000000000beef2'
    const error = await rpcError(url, 'eth_getBalance', [stranger, 'latest'])
    expect(error.code).toBe(-32000)
    expect(error.message).toMatch(new RegExp(`^upstream ${proxy.url.replace(/[/.]/g, '\\$&')}: eth_getBalance.*ECONNREFUSED.*\\(2 attempts\\)`))
    expect(BigInt(await rpc(url, 'eth_blockNumber'))).toBeGreaterThan(forkBlock)
    const hash = await send(url, { from: alice, to: token, data: tokenCall('transfer', [bob, TOKEN]) })
    expect((await receiptOf(url, hash)).status).toBe('0x1')
    // A send that needs an uncached account fails, and leaves nothing pooled.
    const refused = await rpcError(url, 'eth_sendTransaction', [{ from: alice, to: stranger, value: '0x1' }])
    expect(refused.message).toMatch(/ECONNREFUSED/)
    expect(await rpc(url, 'txpool_status')).toEqual({ pending: '0x0', queued: '0x0' })
  })

  test('restarts offline from the cache alone', async () => {
    await fork.close()
    fork = await startFork({ offline: true })
    url = `${fork.networks[0]!.httpUrl}/v3/test`
    expect(fork.networks[0]!.fork).toMatchObject({ offline: true, blockNumber: forkBlock })
    expect(await balanceOf(url, holder)).toBe(1000n * TOKEN)
    expect((await rpc(url, 'eth_getBlockByNumber', ['0x1', true])).transactions[0].hash).toBe(deployHash)
    const hash = await send(url, { from: alice, to: token, data: tokenCall('transfer', [bob, 7n * TOKEN]) })
    expect((await receiptOf(url, hash)).status).toBe('0x1')
    const missing = await rpcError(url, 'eth_getBalance', ['0x00000000000000000000000000000000000beef3', 'latest'])
    expect(missing.code).toBe(-32000)
    expect(missing.message).toMatch(/^offline: eth_getBalance\(0x00000000000000000000000000000000000beef3.* is not in the fork cache/)
  })
})
