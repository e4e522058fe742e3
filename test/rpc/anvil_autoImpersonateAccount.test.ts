import type { Hex } from 'viem'
import { afterAll, describe, expect, test as plainTest } from 'vitest'
import { parseConfig } from '../../src/config/loadConfig.ts'
import { startChainsim } from '../../src/testing/index.ts'
import { devAccount, hex, receiptOf, send } from '../helpers/rpcChain.ts'
import { rpc, rpcError, rpcRaw } from '../helpers/rpcClient.ts'
import { rpcTest as test } from '../helpers/rpcTest.ts'
import { serveWithArgs, type ServedProcess } from '../helpers/servedProcess.ts'

const bob = devAccount(1).address.toLowerCase() as Hex

/** Funds `from` and sends 1 wei from it with eth_sendTransaction: the raw answer (a hash, or an error). */
async function sendFrom(url: string, from: Hex) {
  await rpc(url, 'anvil_setBalance', [from, hex(10n ** 18n)])
  return rpcRaw<Hex>(url, 'eth_sendTransaction', [{ from, to: bob, value: '0x1' }])
}

describe('valid params', () => {
  test('true: any address sends without its key; false: only the impersonated ones again; null', async ({ server }) => {
    const stranger: Hex = '0x00000000000000000000000000000000000a0701'
    expect((await sendFrom(server.url, stranger)).error?.message).toMatch(/unknown account/)
    expect(await rpc(server.url, 'anvil_autoImpersonateAccount', [true])).toBeNull()
    const sent = await sendFrom(server.url, stranger)
    expect((await receiptOf(server.url, sent.result as Hex)).from).toBe(stranger)
    // A dev account still signs with its key.
    const tx = await rpc(server.url, 'eth_getTransactionByHash', [await send(server.url, { from: devAccount(0).address, to: bob })])
    expect(BigInt(tx.r)).toBeGreaterThan(0n)
    expect(await rpc(server.url, 'hardhat_autoImpersonateAccount', [false])).toBeNull()
    expect((await sendFrom(server.url, stranger)).error?.message).toMatch(/unknown account/)
  })
})

describe('invalid params', () => {
  const cases: Array<[string, unknown[], RegExp]> = [
    ['no params → -32602', [], /missing value for required argument 0/],
    ['a string → -32602', ['true'], /invalid argument 0/],
    ['an address → -32602', ['0x00000000000000000000000000000000000a0701'], /invalid argument 0/],
  ]
  for (const [name, params, message] of cases) {
    test(name, async ({ server }) => {
      const error = await rpcError(server.url, 'anvil_autoImpersonateAccount', params)
      expect(error.code).toBe(-32602)
      expect(error.message).toMatch(message)
    })
  }
})

describe('switched on from the start', () => {
  let served: ServedProcess | undefined
  afterAll(async () => served?.stop())

  plainTest('startChainsim({ autoImpersonate: true }) and a network’s `autoImpersonate` key', async () => {
    const chainsim = await startChainsim({ autoImpersonate: true, networks: [{}, { autoImpersonate: false }] })
    try {
      const stranger: Hex = '0x00000000000000000000000000000000000a0702'
      const [on, off] = Object.values(chainsim.networks)
      expect((await sendFrom(on!.url, stranger)).result).toMatch(/^0x[0-9a-f]{64}$/)
      expect((await sendFrom(off!.url, stranger)).error?.message).toMatch(/unknown account/)
    } finally {
      await chainsim.close()
    }
  })

  plainTest('the config key defaults to false and takes a boolean only', () => {
    expect(parseConfig({ networks: [{ name: 'dev', chainId: 1 }] }, 'test').networks[0]?.autoImpersonate).toBe(false)
    expect(() => parseConfig({ networks: [{ name: 'dev', chainId: 1, autoImpersonate: 'yes' }] }, 'test')).toThrow(/autoImpersonate/)
  })

  plainTest(
    '`chainsim serve --auto-impersonate` (Anvil’s flag) impersonates every sender of every network',
    async () => {
      served = await serveWithArgs(['--auto-impersonate'])
      const stranger: Hex = '0x00000000000000000000000000000000000a0703'
      const sent = await sendFrom(served.url, stranger)
      expect((await receiptOf(served.url, sent.result as Hex)).from).toBe(stranger)
    },
    60_000,
  )
})
