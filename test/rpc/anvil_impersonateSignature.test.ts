import { concatHex, keccak256, numberToHex, parseSignature, toHex, type Hex, type PrivateKeyAccount } from 'viem'
import { afterAll, beforeAll, describe, expect } from 'vitest'
import { startChainsim, type Chainsim } from '../../src/testing/index.ts'
import { hasAnvil, startAnvil, type AnvilProcess } from '../helpers/anvil.ts'
import { deploy, devAccount, minedReceiptOf, receiptOf, send, type DevServer } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTest } from '../helpers/rpcTest.ts'

const test = rpcTest
let server: DevServer
let url: string
test.beforeAll(async ({ server: started }) => {
  server = started
  url = server.url
})

// A contract that passes its calldata (hash ‖ v ‖ r ‖ s) to ecrecover (0x01), logs the 32-byte answer and returns it:
// CALLDATACOPY(0, 0, size); STATICCALL(gas, 1, 0, size, 0x80, 32); POP; LOG0(0x80, 32); RETURN(0x80, 32).
const RECOVERER: Hex = '0x601c600c600039601c6000f33660006000376020608036600060015afa5060206080a060206080f3'

const hash = keccak256(toHex('a message no one signed'))
const alice = devAccount(0)
const impostor = '0x00000000000000000000000000000000000000aa'

/** ecrecover's input for a signature of `hash`, and the signature as Anvil keys it (r ‖ s ‖ v). */
async function signedBy(account: PrivateKeyAccount) {
  const signature = await account.sign({ hash })
  const { r, s, v } = parseSignature(signature)
  return { input: concatHex([hash, numberToHex(v as bigint, { size: 32 }), r, s]), signature }
}

const word = (address: string) => `0x${address.slice(2).toLowerCase().padStart(64, '0')}`

/** What ecrecover answers on a node, before and after anvil_impersonateSignature, in eth_call and in a mined transaction. */
async function recoveries(nodeUrl: string) {
  const contract = await deploy(nodeUrl, RECOVERER)
  const byAlice = await signedBy(alice)
  const byBob = await signedBy(devAccount(1))
  const call = (input: Hex) => rpc(nodeUrl, 'eth_call', [{ to: contract, data: input }, 'latest'])
  const before = await call(byAlice.input)
  // Anvil 1.7.1 takes the pair as one tuple; chainsim takes that form and the flat one.
  expect(await rpc(nodeUrl, 'anvil_impersonateSignature', [[byAlice.signature, impostor]])).toBeNull()
  // Anvil answers a send before its block is mined: the receipt is waited for.
  const mined = await minedReceiptOf(nodeUrl, await send(nodeUrl, { from: alice.address, to: contract, data: byAlice.input }))
  return {
    before,
    called: await call(byAlice.input),
    mined: mined.logs[0]?.data,
    unregistered: await call(byBob.input),
  }
}

describe('valid params', () => {
  test('ecrecover of the registered signature answers the address, in eth_call and in a mined transaction; others recover as before', async () => {
    expect(await recoveries(url)).toEqual({
      before: word(alice.address),
      called: word(impostor),
      mined: word(impostor),
      unregistered: word(devAccount(1).address),
    })
  })

  test('registering it again with another address moves it; eth_estimateGas runs with it too', async () => {
    const contract = await deploy(url, RECOVERER)
    const byAlice = await signedBy(alice)
    const other = '0x00000000000000000000000000000000000000bb'
    expect(await rpc(url, 'anvil_impersonateSignature', [byAlice.signature, other])).toBeNull()
    expect(await rpc(url, 'eth_call', [{ to: contract, data: byAlice.input }, 'latest'])).toBe(word(other))
    expect(BigInt(await rpc(url, 'eth_estimateGas', [{ from: alice.address, to: contract, data: byAlice.input }]))).toBeGreaterThan(21_000n)
  })
})

describe('traces and the pending block', () => {
  test('a mined transaction traced again, and a transaction in the pending block, recover the registered address', async () => {
    const contract = await deploy(url, RECOVERER)
    const byAlice = await signedBy(alice)
    const traced = '0x00000000000000000000000000000000000000cc'
    expect(await rpc(url, 'anvil_impersonateSignature', [byAlice.signature, traced])).toBeNull()
    const hash = await send(url, { from: alice.address, to: contract, data: byAlice.input })
    await receiptOf(url, hash)
    const trace = await rpc(url, 'debug_traceTransaction', [hash, { tracer: 'callTracer' }])
    expect(trace.output).toBe(word(traced))
    await rpc(url, 'evm_setAutomine', [false])
    try {
      await send(url, { from: alice.address, to: contract, data: byAlice.input })
      const pending = await rpc(url, 'eth_getLogs', [{ fromBlock: 'pending', toBlock: 'pending', address: contract }])
      expect(pending.map((log: { data: Hex }) => log.data)).toEqual([word(traced)])
    } finally {
      await rpc(url, 'evm_setAutomine', [true])
    }
  })
})

describe('what keeps a registration', () => {
  test('evm_revert leaves it (it is no state of the chain); anvil_reset forgets it with the chain', async () => {
    const contract = await deploy(url, RECOVERER)
    const byBob = await signedBy(devAccount(1))
    const snapshot = await rpc(url, 'evm_snapshot')
    expect(await rpc(url, 'anvil_impersonateSignature', [byBob.signature, impostor])).toBeNull()
    expect(await rpc(url, 'evm_revert', [snapshot])).toBe(true)
    expect(await rpc(url, 'eth_call', [{ to: contract, data: byBob.input }, 'latest'])).toBe(word(impostor))
    expect(await rpc(url, 'anvil_reset', [])).toBeNull()
    const again = await deploy(url, RECOVERER)
    expect(await rpc(url, 'eth_call', [{ to: again, data: byBob.input }, 'latest'])).toBe(word(devAccount(1).address))
  })
})

describe('invalid params', () => {
  const signature = `0x${'11'.repeat(64)}1b`
  const cases: Array<[string, unknown[], RegExp]> = [
    ['a 64-byte signature → -32602', [`0x${'11'.repeat(64)}`, impostor], /invalid argument 0: expected a 65-byte signature/],
    ['odd hex → -32602', ['0x123', impostor], /invalid argument 0: hex string has odd length/],
    ['a short address → -32602', [signature, '0xaa'], /invalid argument 1: hex string has length 2, want 40/],
    ['no address → -32602', [signature], /missing value for required argument 1/],
    ['a pair of one → -32602', [[signature]], /invalid argument 0: expected a signature, or a pair \[signature, address\]; got 1 values/],
    ['a pair with a short address → -32602', [[signature, '0xaa']], /invalid argument 0: \[1\]: hex string has length 2, want 40/],
    ['no params → -32602', [], /missing value for required argument 0/],
  ]
  for (const [name, params, message] of cases) {
    test(name, async () => {
      const error = await rpcError(url, 'anvil_impersonateSignature', params)
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

  test('both fresh nodes recover the same', async () => {
    const [byChainsim, byAnvil] = await Promise.all([recoveries(fresh.url), recoveries(anvil.url)])
    expect(byChainsim).toEqual(byAnvil)
  })
})
