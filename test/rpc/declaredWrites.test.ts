import fc from 'fast-check'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { METHODS } from '../../src/rpc/registry.ts'
import { createFuzzChain, type FuzzChain } from '../fuzz/fuzzChain.ts'
import { validShapes } from '../fuzz/methodShapes.ts'

// `writes` is what a recording records and what a refused write is held to: a method that changes the network
// without being declared so would play back to other hashes. So it is held by what the methods do: each method
// declared read-only is called with valid params (the fuzz suite's shapes, which every method has) on a served
// network, and the network must be exactly as it was, down to its settings.

const CASES_PER_METHOD = 3

let chain: FuzzChain

beforeAll(async () => {
  chain = await createFuzzChain()
}, 60_000)
afterAll(() => chain?.close())

/** Bytes and bigints as text, so that two pictures of the network compare as JSON. */
const plain = (_key: string, value: unknown) =>
  typeof value === 'bigint' ? `${value}n` : value instanceof Uint8Array ? Buffer.from(value).toString('hex') : value

/**
 * Everything a write could change, as the node pictures itself for a state file (blocks by hash, the pool,
 * the clock, mining, block parameters, snapshots, state set on the head, reorgs, impersonated accounts, the
 * states it keeps), and what the picture leaves to the node (its chain id, auto-impersonation).
 */
async function networkPicture(): Promise<string> {
  const { node } = chain
  const { blocks, states, pool, genesis: _genesis, ...rest } = await node.image()
  return JSON.stringify(
    {
      ...rest,
      blocks: blocks.map((block) => block.hashKey),
      stateRoot: node.head.stateRoot,
      states: states.length,
      pool: pool.map((signed) => signed.hashKey),
      chainId: node.chainId,
      autoImpersonating: node.signing.autoImpersonating,
    },
    plain,
  )
}

const READS = METHODS.filter((method) => method.writes !== true)

test('the methods held read-only are most of them', () => {
  expect(READS.length).toBeGreaterThan(100)
  for (const name of ['eth_call', 'eth_getBalance', 'debug_traceTransaction', 'eth_newFilter', 'sim_fault']) expect(READS.map((m) => m.name)).toContain(name)
})

test('a method not declared `writes` leaves the network as it was, whatever valid params it is given', async () => {
  const shapes = validShapes(chain.samples)
  let answered = 0
  for (const method of READS) {
    const samples = fc.sample(shapes[method.name] as fc.Arbitrary<unknown[]>, { numRuns: CASES_PER_METHOD, seed: 11 })
    for (const params of samples) {
      const before = await networkPicture()
      const answer = await chain.dispatcher.handle({ jsonrpc: '2.0', id: 1, method: method.name, params }, method.webSocketOnly ? chain.ws : chain.http)
      // A fault armed by sim_fault acts on the calls after it: none is left for the next method.
      chain.faults.clear()
      if (answer && typeof answer === 'object' && 'result' in answer) answered++
      expect(await networkPicture(), `${method.name} ${JSON.stringify(params)?.slice(0, 300)} is not declared writes but changed the network`).toBe(before)
    }
  }
  // Most calls with valid params are answered: if none were, this held nothing.
  expect(answered).toBeGreaterThan(READS.length)
}, 300_000)
