import fc from 'fast-check'
import { createTestClient, http, parseEther, publicActions, walletActions } from 'viem'
import type { Hex } from 'viem'
import { foundry } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startChainsim } from '../../src/testing/index.ts'
import type { Chainsim } from '../../src/testing/index.ts'
import { fuzzParameters, fuzzTimeout } from '../fuzz/fuzzSettings.ts'

// chainsim/testing's in-process transport answers through the network's own dispatcher, with no socket. Held to
// the same network's HTTP answers: one chain, two ways in.

let chainsim: Chainsim
const clientOver = (transport: Chainsim['transport'] | ReturnType<typeof http>) =>
  // No cache: each read asks the chain.
  createTestClient({ mode: 'anvil', chain: foundry, transport, cacheTime: 0 }).extend(publicActions).extend(walletActions)

beforeAll(async () => {
  chainsim = await startChainsim()
})
afterAll(() => chainsim.close())

describe('the in-process transport', () => {
  test('a viem test client sends, mines, reads and reverts with it, and the HTTP side sees the same chain', async () => {
    const local = clientOver(chainsim.transport)
    const remote = clientOver(http(chainsim.url))
    const [from, to] = chainsim.accounts.map((a) => a.address) as [Hex, Hex]
    const snapshot = await local.snapshot()
    const hash = await local.sendTransaction({ account: from, to, value: parseEther('1') })
    const receipt = await local.waitForTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
    expect(await remote.getTransactionReceipt({ hash })).toEqual(receipt)
    await local.increaseTime({ seconds: 3600 })
    await local.mine({ blocks: 2 })
    expect(await remote.getBlockNumber()).toBe(await local.getBlockNumber())
    await local.revert({ id: snapshot })
    expect(await remote.getBlockNumber()).toBe(receipt.blockNumber - 1n)
  })

  test('a JSON-RPC error reaches the caller with its code and message, as over HTTP', async () => {
    const params = [{ from: chainsim.accounts[0]!.address, to: chainsim.accounts[1]!.address, value: '0x1', gas: '0x1' }]
    const local = await chainsim.request({ method: 'eth_sendTransaction', params }).catch((error: unknown) => error)
    const remote = (await (
      await fetch(chainsim.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_sendTransaction', params }),
      })
    ).json()) as { error: { code: number; message: string } }
    expect(local).toMatchObject({ code: remote.error.code, message: remote.error.message })
    await expect(chainsim.request({ method: 'eth_noSuchMethod' })).rejects.toMatchObject({ code: -32601 })
  })

  test(
    'property: every read answers in-process what it answers over HTTP',
    async () => {
      const [from, to] = chainsim.accounts.map((a) => a.address) as [Hex, Hex]
      const local = clientOver(chainsim.transport)
      await local.sendTransaction({ account: from, to, value: 5n })
      const head = Number(await local.getBlockNumber())
      const read = fc.oneof(
        fc.record({
          method: fc.constant('eth_getBalance'),
          params: fc.tuple(fc.constantFrom(from, to, '0x0000000000000000000000000000000000000001'), fc.constantFrom('latest', 'earliest', 'pending')),
        }),
        fc.record({
          method: fc.constant('eth_getBlockByNumber'),
          params: fc.tuple(
            fc.integer({ min: 0, max: head + 2 }).map((n) => `0x${n.toString(16)}`),
            fc.boolean(),
          ),
        }),
        fc.record({
          method: fc.constant('eth_getLogs'),
          params: fc.tuple(fc.record({ fromBlock: fc.constant('0x0'), toBlock: fc.constantFrom('latest', '0x1') })),
        }),
        fc.record({
          method: fc.constant('eth_call'),
          params: fc.tuple(fc.record({ to: fc.constantFrom(from, to), data: fc.constantFrom('0x', '0x12345678') }), fc.constant('latest')),
        }),
        fc.record({ method: fc.constant('eth_getTransactionCount'), params: fc.tuple(fc.constantFrom(from, to), fc.constant('latest')) }),
        fc.record({ method: fc.constantFrom('eth_chainId', 'eth_blockNumber', 'net_version', 'eth_gasPrice'), params: fc.constant([]) }),
        fc.record({ method: fc.constant('eth_getBlockByNumber'), params: fc.tuple(fc.constant('0xnot-a-number'), fc.boolean()) }),
      )
      await fc.assert(
        fc.asyncProperty(read, async ({ method, params }) => {
          const inProcess = await chainsim.request({ method, params }).then(
            (result) => ({ result }),
            (error: { code: number; message: string }) => ({ error: { code: error.code, message: error.message } }),
          )
          const response = await fetch(chainsim.url, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
          })
          const wire = (await response.json()) as { result?: unknown; error?: { code: number; message: string } }
          expect(inProcess).toEqual(wire.error ? { error: { code: wire.error.code, message: wire.error.message } } : { result: wire.result })
        }),
        fuzzParameters(60),
      )
    },
    fuzzTimeout(60),
  )
})
