import { stringToHex, type Hex, type TypedDataDefinition } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startChainsim, type Chainsim } from '../../src/testing/index.ts'
import { hasAnvil, startAnvil, type AnvilProcess } from '../helpers/anvil.ts'
import { devAccount } from '../helpers/rpcChain.ts'
import { rpc, rpcRaw } from '../helpers/rpcClient.ts'
import { wireTypedData } from '../helpers/typedData.ts'

/**
 * The same signing calls to chainsim and to Anvil 1.7.1 (same mnemonic, same chain id) give byte-identical
 * signatures, and the test-client description methods the same fields. Needs Anvil from the
 * development dependency @foundry-rs/anvil (test/helpers/anvil.ts: skipped where it installed no binary, a
 * failure then under CHAINSIM_REQUIRE_ANVIL=1).
 */

let chainsim: Chainsim
let anvil: AnvilProcess

beforeAll(async () => {
  if (!hasAnvil) return
  ;[chainsim, anvil] = await Promise.all([startChainsim(), startAnvil()])
}, 60_000)
afterAll(async () => {
  await Promise.all([chainsim?.close(), anvil?.close()])
})

const accounts = [0, 3, 9].map((i) => devAccount(i).address)

const permit = (owner: Hex) =>
  ({
    domain: { name: 'USD Coin', version: '2', chainId: 31337, verifyingContract: '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48' },
    types: {
      Permit: [
        { name: 'owner', type: 'address' },
        { name: 'spender', type: 'address' },
        { name: 'value', type: 'uint256' },
        { name: 'nonce', type: 'uint256' },
        { name: 'deadline', type: 'uint256' },
      ],
    },
    primaryType: 'Permit',
    message: { owner, spender: accounts[2]!, value: 2n ** 255n, nonce: 7n, deadline: 1_900_000_000n },
  }) as const satisfies TypedDataDefinition

const order = (maker: Hex) =>
  ({
    domain: { name: 'Seaport', version: '1.6', chainId: 31337n, salt: `0x${'42'.repeat(32)}` },
    types: {
      Item: [
        { name: 'token', type: 'address' },
        { name: 'ids', type: 'uint256[]' },
        { name: 'amount', type: 'int128' },
      ],
      Order: [
        { name: 'maker', type: 'address' },
        { name: 'offer', type: 'Item[]' },
        { name: 'consideration', type: 'Item' },
        { name: 'zoneHash', type: 'bytes32' },
        { name: 'memo', type: 'string' },
        { name: 'signatureData', type: 'bytes' },
        { name: 'restricted', type: 'bool' },
      ],
    },
    primaryType: 'Order',
    message: {
      maker,
      offer: [
        { token: accounts[1]!, ids: [1n, 2n, 3n], amount: -5n },
        { token: accounts[2]!, ids: [], amount: 10n ** 30n },
      ],
      consideration: { token: maker, ids: [99n], amount: 1n },
      zoneHash: `0x${'00'.repeat(32)}`,
      memo: 'gm ✓ 🚀',
      signatureData: '0x',
      restricted: false,
    },
  }) as const satisfies TypedDataDefinition

/** Calls both nodes and expects the same result. */
async function same(method: string, params: unknown[]): Promise<unknown> {
  const [ours, theirs] = await Promise.all([rpc(chainsim.url, method, params), rpc(anvil.url, method, params)])
  expect(ours, `${method} ${JSON.stringify(params).slice(0, 200)}`).toEqual(theirs)
  return ours
}

describe.skipIf(!hasAnvil)('signatures: chainsim and Anvil byte for byte', () => {
  test('eth_sign over messages of every length class, by several accounts', async () => {
    for (const account of accounts) {
      for (const message of ['0x', '0x00', '0xdeadbeef', `0x${'5a'.repeat(32)}`, `0x${'ff'.repeat(1024)}`]) {
        expect(await same('eth_sign', [account, message])).toMatch(/^0x[0-9a-f]{130}$/)
      }
    }
  })

  test('personal_sign over text as wallets send it', async () => {
    for (const account of accounts) {
      for (const text of ['hello', 'Sign in to app.example\nNonce: 8f2a', '日本語 ✓']) await same('personal_sign', [stringToHex(text), account])
    }
  })

  test('eth_signTypedData_v4: a permit and a nested order, as JSON text and as an object', async () => {
    for (const account of accounts) {
      for (const typed of [permit(account), order(account)]) {
        const text = wireTypedData(typed)
        const signature = await same('eth_signTypedData_v4', [account, text])
        expect(await same('eth_signTypedData_v4', [account, JSON.parse(text)])).toBe(signature)
      }
    }
  })
})

describe.skipIf(!hasAnvil)('test-client answers: the same fields as Anvil', () => {
  test("anvil_nodeInfo and anvil_metadata have Anvil's keys, with the same chain-level values", async () => {
    const keys = (value: object): string[] => Object.keys(value).sort()
    const [ours, theirs] = await Promise.all([rpc(chainsim.url, 'anvil_nodeInfo'), rpc(anvil.url, 'anvil_nodeInfo')])
    expect(keys(ours)).toEqual(keys(theirs))
    expect(keys(ours.environment)).toEqual(keys(theirs.environment))
    expect(ours.forkConfig).toEqual(theirs.forkConfig)
    expect(ours.environment.chainId).toBe(theirs.environment.chainId)
    const [metadata, anvilMetadata] = await Promise.all([rpc(chainsim.url, 'anvil_metadata'), rpc(anvil.url, 'anvil_metadata')])
    // Anvil also names the git commit it was built from; chainsim is not built from one.
    expect(keys(metadata)).toEqual(keys(anvilMetadata).filter((key) => key !== 'clientCommitSha'))
    expect(metadata).toMatchObject({ chainId: anvilMetadata.chainId, forkedNetwork: anvilMetadata.forkedNetwork, snapshots: anvilMetadata.snapshots })
  })

  test('refusals Anvil makes, made alike: anvil_setMinGasPrice under EIP-1559', async () => {
    const [ours, theirs] = await Promise.all([rpcRaw(chainsim.url, 'anvil_setMinGasPrice', ['0x1']), rpcRaw(anvil.url, 'anvil_setMinGasPrice', ['0x1'])])
    expect(ours.error).toEqual(theirs.error)
  })

  test('answers of the trivial methods Anvil serves', async () => {
    for (const method of ['net_listening', 'eth_coinbase', 'anvil_getAutomine']) await same(method, [])
    await same('web3_sha3', ['0x68656c6c6f'])
    await same('eth_getUncleByBlockNumberAndIndex', ['0x0', '0x0'])
    await same('eth_getUncleCountByBlockNumber', ['0x0'])
  })
})
