import fc from 'fast-check'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { hexToBytes } from 'viem'
import { METHODS } from '../../src/rpc/registry.ts'
import { checkedCall } from './checkedCall.ts'
import { createFuzzChain, type FuzzChain } from './fuzzChain.ts'
import { fuzzParameters, fuzzTimeout } from './fuzzSettings.ts'
import { paramsFor, validShapes } from './methodShapes.ts'
import { codeOf } from './wellFormed.ts'

// A write that is refused (any error answer) leaves the chain exactly as it was: head, pool, clock,
// mining mode, what the next block is built with, and the accounts the writes touch.
const RUNS = 400

/** Every method that changes the network (declared `writes`): its chain, pool, clock, mining, accounts or keys. */
const WRITE_METHODS = METHODS.filter((method) => method.writes === true).map((method) => method.name)

const SPARE = ['0x00000000000000000000000000000000000000aa', '0x00000000000000000000000000000000000000bb'].map((a) => hexToBytes(a as `0x${string}`))

let chain: FuzzChain

/** The block gas limit every chainsim network starts with. */
const BLOCK_GAS_LIMIT = 30_000_000n

beforeAll(async () => {
  chain = await createFuzzChain()
}, 60_000)
afterAll(() => chain?.close())

/** Everything a write could change, read straight from the node. */
async function fingerprint() {
  const { node } = chain
  const state = node.execution.stateAt(node.head)
  const accounts = [...node.accounts.map((a) => a.address), ...SPARE]
  return {
    head: node.head.hashKey,
    number: node.head.number,
    pool: node.pooledTransactions.map((signed) => signed.hashKey).sort(),
    clock: node.settings.clock,
    automine: node.settings.mining.automine,
    interval: node.settings.mining.intervalMs,
    coinbase: Buffer.from(node.settings.coinbase).toString('hex'),
    gasLimit: node.settings.blockGasLimit,
    nextBaseFee: node.nextBaseFee,
    accounts: await Promise.all(
      accounts.map(async (address) => ({
        balance: await state.getBalance(address),
        nonce: await state.getNonce(address),
        code: Buffer.from(await state.getCode(address)).toString('hex'),
        slots: await Promise.all([0, 1, 2].map(async (slot) => Buffer.from(await state.getStorage(address, slotBytes(slot))).toString('hex'))),
      })),
    ),
  }
}

function slotBytes(slot: number): Uint8Array {
  const bytes = new Uint8Array(32)
  bytes[31] = slot
  return bytes
}

/**
 * Manual mining, and two transactions in the pool, so that a write that wrongly touches the pool shows; a chain
 * replaced by a successful anvil_reset is first loaded back as the samples know it, and a base fee or gas limit
 * set by an accepted write goes back to what lets the pool's transactions in.
 */
async function resetMiningAndPool(): Promise<void> {
  const { node } = chain
  await chain.restoreIfReplaced()
  await node.settings.setIntervalMining(0)
  await node.settings.setAutomine(false)
  await node.settings.setBlockGasLimit(BLOCK_GAS_LIMIT)
  await node.settings.setNextBlockBaseFee(node.head.header.calcNextBaseFee())
  while (node.pooledTransactions.length < 2) {
    await node.sendTransaction({ from: node.accounts[3]!.address, to: node.accounts[4]!.address, value: 1n })
  }
}

test('the write list, read from the declarations, holds the sends, mining, reorgs and state setters', () => {
  for (const method of ['eth_sendRawTransaction', 'evm_mine', 'sim_reorg', 'anvil_setBalance', 'hardhat_setBalance', 'anvil_reset'])
    expect(WRITE_METHODS).toContain(method)
})

test(
  'a refused write leaves head, pool, clock, mining and accounts exactly as they were',
  async () => {
    const shapes = validShapes(chain.samples)
    const writes = fc
      .constantFrom(...WRITE_METHODS)
      .chain((method) => fc.tuple(fc.constant(method), paramsFor(shapes[method] as fc.Arbitrary<unknown[]>), fc.boolean()))
    let refused = 0
    const property = fc
      .asyncProperty(writes, async ([method, params, overWs]) => {
        const before = await fingerprint()
        const answer = await checkedCall(chain, method, params, overWs ? chain.ws : chain.http)
        // Code 4 is no refusal: a sync send's transaction was pooled, and only the wait for its block ran out.
        if (codeOf(answer) === undefined || codeOf(answer) === 4) return
        refused++
        expect(await fingerprint(), `${method} ${JSON.stringify(params)?.slice(0, 300)} was refused but changed the chain`).toEqual(before)
      })
      .beforeEach(resetMiningAndPool)
    await fc.assert(property, fuzzParameters(RUNS))
    // Most fuzzed writes are refused; if none were, this property checked nothing.
    expect(refused).toBeGreaterThan(0)
  },
  fuzzTimeout(RUNS),
)
