import { gunzipSync, gzipSync } from 'node:zlib'
import { bytesToHex, hexToBytes, type Hex } from 'viem'
import { describe, expect } from 'vitest'
import { deployEmitterViaRpc, devAccount, emitterCall, receiptOf, send, type DevServer } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTestWith } from '../helpers/rpcTest.ts'

// Two networks of the same chain id started apart: their genesis blocks differ (wall clock), as two runs do.
const test = rpcTestWith([{ name: 'source' }, { name: 'target' }, { name: 'mainnetish', chainId: 1 }])
let server: DevServer
let source: string
let target: string
test.beforeAll(async ({ server: started }) => {
  server = started
  source = server.url
  target = server.networks.target!.url
})

const spare = '0x00000000000000000000000000000000000000aa'
const alice = devAccount(0).address
const stateFile = (dump: Hex) => JSON.parse(gunzipSync(hexToBytes(dump)).toString('utf8'))
const asDump = (file: unknown) => bytesToHex(gzipSync(JSON.stringify(file)))

/** What a client reads of a network: head, balances, nonces, code, logs, pool. */
async function picture(url: string, contract: Hex) {
  const read = (method: string, params: unknown[]) => rpc(url, method, params)
  return {
    head: await read('eth_getBlockByNumber', ['latest', false]),
    balances: await Promise.all([alice, spare].map((a) => read('eth_getBalance', [a, 'latest']))),
    nonces: await Promise.all([alice, spare].map((a) => read('eth_getTransactionCount', [a, 'pending']))),
    code: await read('eth_getCode', [contract, 'latest']),
    logs: await read('eth_getLogs', [{ fromBlock: '0x0', address: contract }]),
    pool: await read('txpool_content', []),
  }
}

describe('valid params', () => {
  test("another network's dump, made this network's: the same blocks, state, logs and pool", async () => {
    const contract = await deployEmitterViaRpc(source)
    await send(source, { from: alice, to: contract, data: emitterCall('emitMany', [3n]) })
    await rpc(source, 'anvil_setBalance', [spare, '0x1234'])
    await rpc(source, 'evm_mine')
    await rpc(source, 'anvil_setNonce', [spare, '0x5'])
    await rpc(source, 'evm_setAutomine', [false])
    await send(source, { from: devAccount(1).address, to: spare, value: '0x1' })

    expect(await rpc(target, 'anvil_loadState', [await rpc<Hex>(source, 'anvil_dumpState')])).toBe(true)
    const loaded = await picture(target, contract)
    expect(loaded).toEqual(await picture(source, contract))
    expect(loaded.balances[1]).toBe('0x1234')
    expect(loaded.nonces[1]).toBe('0x5')
    expect(await rpc(target, 'eth_getBlockByNumber', ['0x0', false])).toEqual(await rpc(source, 'eth_getBlockByNumber', ['0x0', false]))
    await rpc(source, 'evm_setAutomine', [true])
  })

  test('the loaded network goes on: its keys sign, its pool is mined, blocks follow the head', async () => {
    const head = await rpc(target, 'eth_getBlockByNumber', ['latest', false])
    await rpc(target, 'evm_mine')
    const next = await rpc(target, 'eth_getBlockByNumber', ['latest', true])
    expect(next.parentHash).toBe(head.hash)
    expect(next.transactions).toHaveLength(1)
    const hash = await send(target, { from: alice, to: spare, value: '0x2' })
    expect((await receiptOf(target, hash)).status).toBe('0x1')
  })

  test('a filter installed before a load is told every old log removed, then every loaded log (a reorg from genesis)', async () => {
    const contract = await deployEmitterViaRpc(target)
    const filter = await rpc(target, 'eth_newFilter', [{ fromBlock: '0x0' }])
    await send(target, { from: alice, to: contract, data: emitterCall('emitMany', [2n]) })
    await rpc(target, 'eth_getFilterChanges', [filter])
    const old = await rpc(target, 'eth_getLogs', [{ fromBlock: '0x0' }])
    await rpc(target, 'anvil_loadState', [await rpc<Hex>(source, 'anvil_dumpState')])
    const loaded = await rpc(target, 'eth_getLogs', [{ fromBlock: '0x0' }])
    expect(loaded.length).toBeGreaterThan(0)
    expect(await rpc(target, 'eth_getFilterChanges', [filter])).toEqual([...old.map((log: object) => ({ ...log, removed: true })), ...loaded])
    expect(await rpc(target, 'eth_getCode', [contract, 'latest'])).toBe('0x')
  })

  test('plain JSON (not compressed) loads too, and a dump loads back into its own network', async () => {
    const dump = await rpc<Hex>(source, 'anvil_dumpState')
    const head = (await rpc(source, 'eth_getBlockByNumber', ['latest', false])).hash
    await rpc(source, 'anvil_mine', ['0x2'])
    const plain = bytesToHex(Buffer.from(JSON.stringify(stateFile(dump))))
    expect(await rpc(source, 'anvil_loadState', [plain])).toBe(true)
    expect((await rpc(source, 'eth_getBlockByNumber', ['latest', false])).hash).toBe(head)
  })
})

describe("valid params: Anvil's state JSON", () => {
  const other = '0x00000000000000000000000000000000000000bb'
  const slot = `0x${'0'.repeat(63)}1`
  const anvilDump = (accounts: Record<string, unknown>, block?: unknown) => bytesToHex(gzipSync(JSON.stringify({ accounts, ...(block ? { block } : {}) })))

  test('its accounts are merged into the head as Anvil merges them; the blocks stay; hardhat_loadState answers true', async () => {
    await rpc(target, 'anvil_setStorageAt', [other, `0x${'0'.repeat(63)}2`, `0x${'0'.repeat(62)}aa`])
    const head = await rpc(target, 'eth_getBlockByNumber', ['latest', false])
    const account = { nonce: 3, balance: '0x1000', code: '0x60016000f3', storage: { [slot]: `0x${'0'.repeat(62)}ff` } }
    expect(await rpc(target, 'anvil_loadState', [anvilDump({ [other]: account })])).toBe(true)
    expect(await rpc(target, 'eth_getBlockByNumber', ['latest', false])).toEqual(head)
    expect(await rpc(target, 'eth_getBalance', [other, 'latest'])).toBe('0x1000')
    expect(await rpc(target, 'eth_getTransactionCount', [other, 'latest'])).toBe('0x3')
    expect(await rpc(target, 'eth_getCode', [other, 'latest'])).toBe('0x60016000f3')
    expect(BigInt(await rpc(target, 'eth_getStorageAt', [other, slot, 'latest']))).toBe(0xffn)
    // A slot the dump does not name is left as it was.
    expect(BigInt(await rpc(target, 'eth_getStorageAt', [other, `0x${'0'.repeat(63)}2`, 'latest']))).toBe(0xaan)
    expect(await rpc(target, 'hardhat_loadState', [anvilDump({ [other]: { ...account, balance: '0x2000' } })])).toBe(true)
    expect(await rpc(target, 'eth_getBalance', [other, 'latest'])).toBe('0x2000')
  })

  test("the next block comes after the dump's timestamp and takes its base fee; plain JSON and short hex words load", async () => {
    const later = BigInt((await rpc(target, 'eth_getBlockByNumber', ['latest', false])).timestamp) + 1000n
    const plain = bytesToHex(
      Buffer.from(
        JSON.stringify({
          block: { number: '0x5', timestamp: `0x${later.toString(16)}`, basefee: 7 },
          accounts: { [other]: { nonce: '0x4', balance: '5', code: '0x', storage: { '0x1': '0x2' } } },
        }),
      ),
    )
    await rpc(target, 'anvil_loadState', [plain])
    await rpc(target, 'evm_mine')
    const mined = await rpc(target, 'eth_getBlockByNumber', ['latest', false])
    expect(BigInt(mined.timestamp)).toBe(later + 1n)
    expect(mined.baseFeePerGas).toBe('0x7')
    expect(await rpc(target, 'eth_getTransactionCount', [other, 'latest'])).toBe('0x4')
    expect(BigInt(await rpc(target, 'eth_getStorageAt', [other, '0x1', 'latest']))).toBe(2n)
  })
})

describe('invalid params', () => {
  test('a block altered in the dump → -32602 naming the block; the network is left as it was', async () => {
    const file = stateFile(await rpc<Hex>(source, 'anvil_dumpState'))
    const before = await rpc(target, 'eth_getBlockByNumber', ['latest', false])
    file.networks[0].stateEdits = {}
    const error = await rpcError(target, 'anvil_loadState', [asDump(file)])
    expect(error.code).toBe(-32602)
    expect(error.message).toMatch(/invalid argument 0: the state: network source: block \d+: .*state root/)
    expect(await rpc(target, 'eth_getBlockByNumber', ['latest', false])).toEqual(before)
  })

  test("another chain's dump → -32602 naming both chain ids", async () => {
    const error = await rpcError(server.networks.mainnetish!.url, 'anvil_loadState', [await rpc<Hex>(source, 'anvil_dumpState')])
    expect(error).toEqual({ code: -32602, message: "invalid argument 0: the state is of chain id 31337; this network's is 1" })
  })

  const cases: Array<[string, () => unknown[], RegExp]> = [
    ['bytes that are not a state → -32602', () => ['0xdeadbeef'], /invalid argument 0: the state is not valid JSON/],
    [
      'a JSON object of neither form → -32602 naming both',
      () => [bytesToHex(gzipSync('{"blocks":[]}'))],
      /the state is neither a chainsim state file \(no "format": "chainsim-state"\) nor Anvil's state JSON \(no "accounts"\)/,
    ],
    [
      "Anvil's state JSON without its block's timestamp → -32602 naming the field",
      () => [bytesToHex(gzipSync('{"block":{},"accounts":{}}'))],
      /the state is not a valid Anvil state at block.timestamp: expected a number/,
    ],
    [
      "Anvil's state JSON with a balance that is not a number → -32602 naming the account",
      () => [bytesToHex(gzipSync('{"accounts":{"0x1111111111111111111111111111111111111111":{"nonce":0,"balance":"lots","code":"0x","storage":{}}}}'))],
      /not a valid Anvil state at accounts.0x1111111111111111111111111111111111111111.balance: expected a number/,
    ],
    ['a truncated gzip stream → -32602', () => ['0x1f8b0800000000000003'], /invalid argument 0: the state is not valid gzip data/],
    [
      'a state of two networks → -32602',
      () => [asDump({ format: 'chainsim-state', version: 1, savedAt: '', networks: [twoNetworks, twoNetworks] })],
      /holds 2 networks/,
    ],
    ['an object instead of hex → -32602', () => [{}], /invalid argument 0: expected 0x-prefixed hex data/],
    ['no state → -32602', () => [], /missing value for required argument 0/],
  ]
  const twoNetworks = {
    name: 'x',
    chainId: '31337',
    genesis: {},
    blocks: [],
    head: '0x',
    finality: { safeDepth: '1', finalizedDepth: '2' },
    pool: [],
    clock: { mode: { kind: 'wall' }, offset: '0' },
    accounts: [],
  }
  for (const [name, params, message] of cases) {
    test(name, async () => {
      const error = await rpcError(target, 'anvil_loadState', params())
      expect(error.code).toBe(-32602)
      expect(error.message).toMatch(message)
    })
  }
})
