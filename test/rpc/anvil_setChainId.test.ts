import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createWalletClient, defineChain, http, type Hex, type PrivateKeyAccount } from 'viem'
import { afterAll, beforeAll, describe, expect } from 'vitest'
import { hasAnvil, startAnvil, type AnvilProcess } from '../helpers/anvil.ts'
import { devAccount, minedReceiptOf, receiptOf, send, signRaw, type DevServer } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTest } from '../helpers/rpcTest.ts'
import { parseConfig } from '../../src/config/loadConfig.ts'
import { startServer } from '../../src/server.ts'
import { startChainsim, type Chainsim } from '../../src/testing/index.ts'

const test = rpcTest
let server: DevServer
let url: string
test.beforeAll(async ({ server: started }) => {
  server = started
  url = server.url
})

const alice = devAccount(0)
const bob = devAccount(1).address
// Init code that returns CHAINID: CHAINID PUSH1 0 MSTORE PUSH1 32 PUSH1 0 RETURN.
const RETURNS_CHAIN_ID: Hex = '0x4660005260206000f3'

/** What a node answers after anvil_setChainId(`id`): the ids, CHAINID, viem's signed send for the new chain, and a raw transaction for the old one. */
async function afterChainIdChange(nodeUrl: string, oldId: number, id: number) {
  // Anvil answers a send before its block is mined: its receipts are waited for.
  const before = await send(nodeUrl, { from: alice.address, to: bob })
  await minedReceiptOf(nodeUrl, before)
  expect(await rpc(nodeUrl, 'anvil_setChainId', [id])).toBeNull()
  const signedByViem = await walletFor(nodeUrl, id, alice).sendTransaction({ to: bob, value: 1n })
  const oldSigned = await signRaw(nodeUrl, 0, { chainId: oldId, to: bob, value: 1n, gas: 21_000n, maxFeePerGas: 10n ** 10n, maxPriorityFeePerGas: 1n })
  return {
    chainId: await rpc(nodeUrl, 'eth_chainId'),
    netVersion: await rpc(nodeUrl, 'net_version'),
    opcode: await rpc(nodeUrl, 'eth_call', [{ data: RETURNS_CHAIN_ID }, 'latest']),
    signedByViem: {
      status: (await minedReceiptOf(nodeUrl, signedByViem)).status,
      chainId: (await rpc(nodeUrl, 'eth_getTransactionByHash', [signedByViem])).chainId,
    },
    // A transaction mined under the old id still reads as it was signed.
    earlierChainId: (await rpc(nodeUrl, 'eth_getTransactionByHash', [before])).chainId,
    // Anvil answers it with -32003, geth and chainsim with -32000 (tested below).
    oldIdRefused: (await rpcError(nodeUrl, 'eth_sendRawTransaction', [oldSigned])).message,
  }
}

function walletFor(nodeUrl: string, id: number, account: Hex | PrivateKeyAccount) {
  const chain = defineChain({ id, name: 'renamed', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [nodeUrl] } } })
  return createWalletClient({ chain, transport: http(nodeUrl), account })
}

describe('valid params', () => {
  test('eth_chainId, net_version and CHAINID answer the new id; sends are signed for it; the old id is refused', async () => {
    const seen = await afterChainIdChange(url, 31337, 4242)
    expect(seen).toEqual({
      chainId: '0x1092',
      netVersion: '4242',
      opcode: `0x${(4242).toString(16).padStart(64, '0')}`,
      signedByViem: { status: '0x1', chainId: '0x1092' },
      earlierChainId: '0x7a69',
      oldIdRefused: 'invalid chain id for signer',
    })
  })

  test('a legacy (EIP-155) transaction signed for the old id is refused as geth refuses it, with -32000', async () => {
    const legacy = await signRaw(url, 2, { type: 'legacy', chainId: 31337, to: bob, value: 1n, gas: 21_000n, gasPrice: 10n ** 10n })
    expect(await rpcError(url, 'eth_sendRawTransaction', [legacy])).toEqual({ code: -32000, message: 'invalid chain id for signer' })
  })

  test("eth_sendTransaction from a dev account is signed for the new id (a viem wallet of the node's accounts)", async () => {
    const sent = await walletFor(url, 4242, alice.address).sendTransaction({ to: bob, value: 1n })
    expect((await receiptOf(url, sent)).status).toBe('0x1')
    expect((await rpc(url, 'eth_getTransactionByHash', [sent])).chainId).toBe('0x1092')
  })

  test('a raw transaction signed for the new id is admitted and mined; a hex id is taken too', async () => {
    expect(await rpc(url, 'anvil_setChainId', ['0x2a'])).toBeNull()
    const raw = await signRaw(url, 1, { chainId: 42, to: alice.address, value: 1n, gas: 21_000n, maxFeePerGas: 10n ** 10n, maxPriorityFeePerGas: 1n })
    const receipt = await receiptOf(url, await rpc(url, 'eth_sendRawTransaction', [raw]))
    expect(receipt.status).toBe('0x1')
    expect(await rpc(url, 'eth_chainId')).toBe('0x2a')
  })
})

describe('anvil_dumpState', () => {
  test("chainsim's format refuses a chain whose id changed, naming both ids; Anvil's format dumps it", async () => {
    expect(await rpc(url, 'anvil_setChainId', [1234])).toBeNull()
    expect(await rpcError(url, 'anvil_dumpState', [])).toEqual({
      code: -32000,
      message: `chainsim's dump format cannot hold a chain whose chain id changed (31337, now 1234, by anvil_setChainId): dump it with the format "anvil"`,
    })
    expect(await rpc(url, 'anvil_dumpState', [false, 'anvil'])).toMatch(/^0x1f8b/)
  })
})

describe('anvil_reset', () => {
  test('goes back to the configured chain id, and a transaction for it is admitted again', async () => {
    expect(await rpc(url, 'anvil_setChainId', [99])).toBeNull()
    expect(await rpc(url, 'anvil_reset', [])).toBeNull()
    expect(await rpc(url, 'eth_chainId')).toBe('0x7a69')
    const raw = await signRaw(url, 3, { chainId: 31337, to: bob, value: 1n, gas: 21_000n, maxFeePerGas: 10n ** 10n, maxPriorityFeePerGas: 1n })
    expect((await receiptOf(url, await rpc(url, 'eth_sendRawTransaction', [raw]))).status).toBe('0x1')
  })
})

describe('a network kept in a --state file', () => {
  test('keeps its configured chain id: anvil_setChainId is refused with -32000 and changes nothing', async () => {
    const statePath = join(mkdtempSync(join(tmpdir(), 'chainsim-chainid-')), 'state.json')
    const served = await startServer(parseConfig({ networks: [{ name: 'dev', chainId: 31337, port: 0 }] }), { port: 0, statePath })
    try {
      const networkUrl = `${served.networks[0]!.httpUrl}/v3/k`
      expect(await rpcError(networkUrl, 'anvil_setChainId', [777])).toEqual({
        code: -32000,
        message: 'the chain id of a network kept in a --state file stays 31337, the one it is configured with (serve without --state to change it)',
      })
      expect(await rpc(networkUrl, 'eth_chainId')).toBe('0x7a69')
    } finally {
      await served.close()
    }
  })
})

describe('invalid params', () => {
  const cases: Array<[string, unknown[], RegExp]> = [
    ['no id → -32602', [], /missing value for required argument 0/],
    ['zero → -32602', [0], /invalid argument 0: expected a chain id from 1 to 9007199254740991/],
    ['above 2^53 - 1 → -32602', ['0x20000000000000'], /invalid argument 0: expected a chain id from 1/],
    ['a word → -32602', ['mainnet'], /invalid argument 0/],
  ]
  for (const [name, params, message] of cases) {
    test(name, async () => {
      const error = await rpcError(url, 'anvil_setChainId', params)
      expect(error.code).toBe(-32602)
      expect(error.message).toMatch(message)
    })
  }
})

describe.skipIf(!hasAnvil)('as Anvil', () => {
  let anvil: AnvilProcess
  let fresh: Chainsim
  beforeAll(async () => {
    ;[anvil, fresh] = await Promise.all([startAnvil(), startChainsim()])
  }, 60_000)
  afterAll(async () => {
    await fresh?.close()
    await anvil?.close()
  })

  test('both fresh nodes answer the same after the change', async () => {
    const [byChainsim, byAnvil] = await Promise.all([afterChainIdChange(fresh.url, 31337, 777), afterChainIdChange(anvil.url, 31337, 777)])
    expect(byChainsim).toEqual(byAnvil)
  })

  test("Anvil's dev accounts keep signing for the old id and refuse eth_sendTransaction; chainsim's sign for the new one", async () => {
    const request = { from: alice.address, to: bob, value: '0x1' as Hex }
    const refusal = await rpcError(anvil.url, 'eth_sendTransaction', [request])
    expect(refusal.message).toMatch(/chain ID \(777\) does not match the signer's chain ID \(31337\)/)
    expect((await receiptOf(fresh.url, await send(fresh.url, request))).status).toBe('0x1')
  })
})
