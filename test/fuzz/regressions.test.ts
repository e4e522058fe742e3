import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createDispatcher } from '../../src/rpc/dispatcher.ts'
import { startNetworkServer } from '../../src/transports/networkServer.ts'
import { createFuzzChain, type FuzzChain } from './fuzzChain.ts'
import { expectTooDeep } from './wellFormed.ts'

// One example per fault the fuzz suite found, so that each stays fixed whatever the generators do. Every
// internal error (-32603) fails the fuzz suite: a new one is fixed, and its example added here.

let chain: FuzzChain

beforeAll(async () => {
  chain = await createFuzzChain()
}, 60_000)
afterAll(() => chain?.close())

type Answer = { result?: unknown; error?: { code: number; message: string } }
const call = async (method: string, params: unknown[]) => (await chain.call(method, params)) as Answer
const hex = (n: bigint) => `0x${n.toString(16)}`
const TWO_64 = 2n ** 64n
const HUGE = hex(2n ** 255n)

describe('fixed: parameter checks that were missing (-32603 or silent misbehaviour before)', () => {
  test('eth_call with gas past 64 bits → -32602 naming gas', async () => {
    const answer = await call('eth_call', [{ to: chain.samples.contract, gas: hex(TWO_64) }])
    expect(answer.error).toEqual({ code: -32602, message: 'invalid argument 0: gas: hex number > 64 bits' })
  })

  test('eth_estimateGas and eth_createAccessList with a nonce past 64 bits → -32602', async () => {
    for (const method of ['eth_estimateGas', 'eth_createAccessList']) {
      const answer = await call(method, [{ to: chain.samples.contract, nonce: hex(TWO_64) }])
      expect(answer.error).toEqual({ code: -32602, message: 'invalid argument 0: nonce: hex number > 64 bits' })
    }
  })

  test('eth_sendTransaction with gas past 64 bits → -32602, and nothing is pooled', async () => {
    const pooled = chain.node.pooledTransactions.length
    const answer = await call('eth_sendTransaction', [{ from: chain.samples.accounts[1], to: chain.samples.accounts[2], gas: HUGE }])
    expect(answer.error?.code).toBe(-32602)
    expect(chain.node.pooledTransactions).toHaveLength(pooled)
  })

  test('an access-list storage key that is not 32 bytes → -32602 naming it', async () => {
    const accessList = [{ address: chain.samples.contract, storageKeys: ['0x01'] }]
    const answer = await call('eth_call', [{ to: chain.samples.contract, accessList }])
    expect(answer.error).toEqual({ code: -32602, message: 'invalid argument 0: accessList.0.storageKeys.0: hex string has length 2, want 64 for hash' })
  })

  test('gasPrice with maxFeePerGas, or maxFeePerGas below maxPriorityFeePerGas → -32602 in geth words', async () => {
    const to = chain.samples.accounts[1]
    expect((await call('eth_call', [{ to, gasPrice: '0x1', maxFeePerGas: '0x2' }])).error).toEqual({
      code: -32602,
      message: 'invalid argument 0: both gasPrice and (maxFeePerGas or maxPriorityFeePerGas) specified',
    })
    expect((await call('eth_sendTransaction', [{ from: chain.samples.accounts[1], to, maxFeePerGas: '0x1', maxPriorityFeePerGas: '0x2' }])).error).toEqual({
      code: -32602,
      message: 'invalid argument 0: maxFeePerGas < maxPriorityFeePerGas',
    })
  })

  test('evm_setIntervalMining past the longest Node timer → -32602, where Node would have mined every millisecond', async () => {
    const answer = await call('evm_setIntervalMining', [hex(2n ** 40n)])
    expect(answer.error).toEqual({ code: -32602, message: 'invalid argument 0: interval must be at most 2147483647 ms' })
    expect(chain.node.settings.mining.intervalMs).toBeUndefined()
  })

  test('timestamps past 64 bits → -32602, and no block or clock change', async () => {
    const head = chain.node.head.hashKey
    const clock = chain.node.settings.clock
    for (const [method, params] of [
      ['evm_mine', [HUGE]],
      ['evm_setNextBlockTimestamp', [hex(TWO_64)]],
      ['evm_increaseTime', [HUGE]],
      ['anvil_mine', [2, HUGE]],
    ] as const) {
      expect((await call(method, [...params])).error, method).toEqual({
        code: -32602,
        message: `invalid argument ${method === 'anvil_mine' ? '1' : '0'}: hex number > 64 bits`,
      })
    }
    expect(chain.node.head.hashKey).toBe(head)
    expect(chain.node.settings.clock).toEqual(clock)
  })

  test('a message nested 100,000 deep → -32600 "request nested too deeply", without recursion', async () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`
    expectTooDeep(JSON.parse((await chain.dispatcher.handleText(deep, chain.http)) as string))
  })

  test('a URL that does not decode → 400 with a JSON-RPC error body (was fastify’s own body)', async () => {
    const server = await startNetworkServer({ port: 0, dispatcher: createDispatcher({}) })
    try {
      const response = await fetch(`${server.httpUrl}/v3/%zz`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })
      expect(response.status).toBe(400)
      expect(await response.json()).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32600, message: 'malformed URL' } })
    } finally {
      await server.close()
    }
  })
})

describe('fixed in src/evm/execution/engine.ts since the fuzz suite found them (internal errors before)', () => {
  test('eth_call with gas below the intrinsic cost → -32000', async () => {
    const answer = await call('eth_call', [{ to: chain.samples.contract, data: chain.samples.emitCalldata, gas: '0x5208' }])
    expect(answer.error?.code).toBe(-32000)
  })

  test('eth_call with maxFeePerGas below the base fee → -32000', async () => {
    const answer = await call('eth_call', [{ from: chain.samples.accounts[0], to: chain.samples.accounts[1], maxFeePerGas: '0x1' }])
    expect(answer.error?.code).toBe(-32000)
  })

  // geth answers this call with a result (it skips the EIP-3607 check for calls); chainsim refuses it with
  // -32000, which is a difference from geth but no longer a fault of ours.
  test('eth_call from a contract address → not an internal error', async () => {
    const answer = await call('eth_call', [{ from: chain.samples.contract, to: chain.samples.accounts[1] }])
    expect(answer.error?.code).not.toBe(-32603)
  })
})

describe('fixed in src/evm/fastCommon.ts since the fuzz suite found it (an internal error before)', () => {
  test('evm_mine past 2^53 seconds on a chain with a fork schedule (a loaded one) mines, and loads again', async () => {
    await chain.call('anvil_loadState', [chain.samples.stateDump])
    const answer = await call('evm_mine', ['0xe00000000000000c'])
    expect(answer.error).toBeUndefined()
    expect(chain.node.head.timestamp).toBe(0xe00000000000000cn)
    const dump = await call('anvil_dumpState', [])
    expect((await call('anvil_loadState', [dump.result])).result).toBe(true)
    await chain.call('anvil_loadState', [chain.samples.stateDump])
  })
})

describe("found by fuzzing, refused before execution in geth's words", () => {
  test('eth_call with gas × gasPrice past 2^256 → -32000 insufficient funds', async () => {
    const answer = await call('eth_call', [{ from: chain.samples.accounts[0], to: chain.samples.contract, gas: '0x30000', gasPrice: HUGE }])
    expect(answer.error).toMatchObject({ code: -32000, message: expect.stringMatching(/^insufficient funds for gas \* price \+ value/) })
  })

  test('eth_sendTransaction with maxFeePerGas × gas past 2^256 → -32000 insufficient funds', async () => {
    const answer = await call('eth_sendTransaction', [{ from: chain.samples.accounts[1], to: chain.samples.accounts[2], maxFeePerGas: HUGE }])
    expect(answer.error).toMatchObject({ code: -32000, message: expect.stringMatching(/insufficient funds/) })
  })

  test('eth_call creating a contract with initcode over 49,152 bytes → -32000 max initcode size exceeded', async () => {
    const answer = await call('eth_call', [{ from: chain.samples.accounts[0], data: `0x${'fe'.repeat(49_153)}` }])
    expect(answer.error).toMatchObject({ code: -32000, message: 'max initcode size exceeded' })
  })

  test('eth_sendTransaction with maxFeePerGas under the default tip and no tip → the tip follows the cap', async () => {
    const answer = await call('eth_sendTransaction', [{ from: chain.samples.accounts[1], to: chain.samples.accounts[2], maxFeePerGas: '0x1' }])
    // A 1-wei cap cannot pay the base fee: refused as such, not for an impossible tip.
    expect(answer.error).toMatchObject({ code: -32000, message: expect.stringMatching(/max fee per gas less than block base fee/) })
  })

  test('eth_sendTransaction from an account at nonce 2^64 − 1 → -32000 nonce has max value', async () => {
    const from = chain.samples.accounts[9]
    expect((await call('anvil_setNonce', [from, hex(TWO_64 - 1n)])).error).toBeUndefined()
    expect((await call('eth_sendTransaction', [{ from, to: chain.samples.accounts[2] }])).error).toMatchObject({ code: -32000, message: 'nonce has max value' })
  })
})
