import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { methodNames } from '../../src/rpc/registry.ts'
import { createFuzzChain, type FuzzChain } from './fuzzChain.ts'
import { fuzzParameters, fuzzTimeout } from './fuzzSettings.ts'
import { GIVEN_SHAPES, paramsFor, validShapes } from './methodShapes.ts'
import { checkedCall } from './checkedCall.ts'
import { codeOf } from './wellFormed.ts'
import { expectEach } from '../helpers/expectEach.ts'

// Every method's params, fuzzed: valid calls, near-valid ones (one thing spoiled) and hostile ones, over
// both an HTTP-like and a WebSocket-like context. 150 cases a method (about 7,000 calls) in `npm test`.
const RUNS_PER_METHOD = 150

let chain: FuzzChain
let shapes: ReturnType<typeof validShapes>

beforeAll(async () => {
  chain = await createFuzzChain()
  shapes = validShapes(chain.samples)
})
afterAll(() => chain?.close())

/**
 * Interval mining set by a fuzzed call would keep mining under later cases, and a fault it armed would answer
 * them: manual mining is restored and faults are cleared; a chain replaced by anvil_reset is loaded back as the
 * samples know it.
 */
async function restoreManualMining(): Promise<void> {
  await chain.restoreIfReplaced()
  await chain.node.settings.setIntervalMining(0)
  await chain.node.settings.setAutomine(false)
  await chain.node.reorgs.setProfile(undefined)
  chain.faults.clear()
}

/**
 * Methods refused whatever the params, with their code: as Anvil refuses them on a chain with EIP-1559 (every
 * chainsim chain), sim_replay on a chain that replays nothing, and the ERC-20 dealers on a chain with no token
 * (the fuzz chain).
 */
const ALWAYS_REFUSED: ReadonlyMap<string, number> = new Map([
  ['anvil_setMinGasPrice', -32602],
  ['hardhat_setMinGasPrice', -32602],
  ['sim_replay', -32000],
  // The fuzz chain holds no ERC-20: every token named is refused, naming it (test/rpc/anvil_dealERC20.test.ts deals).
  ['anvil_dealERC20', -32602],
  ['hardhat_dealERC20', -32602],
  ['anvil_setERC20Balance', -32602],
  ['anvil_setERC20Allowance', -32602],
])

/**
 * The sync sends answer once a block mines what they sent, and the fuzz chain mines by hand: a valid one waits out
 * its timeout (code 4, the transaction pooled) unless the pool refuses it first, in eth_sendRawTransaction's words.
 */
const WAIT_FOR_A_BLOCK: ReadonlySet<string> = new Set(['eth_sendRawTransactionSync', 'eth_sendTransactionSync'])

const callWith = (method: string, params: unknown, overWs: boolean) => checkedCall(chain, method, params, overWs ? chain.ws : chain.http)

test('every declared method has a shape, and the shapes given by hand name declared methods', () => {
  expect(Object.keys(shapes).sort()).toEqual([...methodNames].sort())
  for (const name of GIVEN_SHAPES) expect(methodNames, `a shape is given for ${name}, which is not declared`).toContain(name)
})

describe('valid shapes are valid', () => {
  // Guards the generator: a shape table that produced only errors would make the fuzzing below shallow.
  test.each([...methodNames])('%s: some valid params are answered with a result', async (method) => {
    const samples = fc.sample(shapes[method] as fc.Arbitrary<unknown[]>, { numRuns: 10, seed: 42 })
    const answers = []
    for (const params of samples) answers.push(await callWith(method, params, true))
    await restoreManualMining()
    const refused = ALWAYS_REFUSED.get(method)
    if (refused !== undefined) expectEach(answers, (answer, label) => expect(codeOf(answer), label).toBe(refused))
    else if (WAIT_FOR_A_BLOCK.has(method)) expectEach(answers, (answer, label) => expect([4, -32000], label).toContain(codeOf(answer)))
    else
      expect(
        answers.some((answer) => codeOf(answer) === undefined),
        JSON.stringify(answers.slice(0, 3)),
      ).toBe(true)
  })
})

describe('any params → a well-formed answer, never an internal error', () => {
  test.each([...methodNames])(
    '%s',
    async (method) => {
      const property = fc
        .asyncProperty(paramsFor(shapes[method] as fc.Arbitrary<unknown[]>), fc.boolean(), async (params, overWs) => {
          await callWith(method, params, overWs)
        })
        .afterEach(restoreManualMining)
      await fc.assert(property, fuzzParameters(RUNS_PER_METHOD))
    },
    fuzzTimeout(RUNS_PER_METHOD),
  )
})
