import fc from 'fast-check'
import { hexToBytes } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { AnyMethod } from '../../../src/rpc/defineMethod.ts'
import { FaultInjector } from '../../../src/rpc/faults/faultInjector.ts'
import { FAULTED_METHODS, LAGGED_METHODS, METHODS, declarationOf } from '../../../src/rpc/registry.ts'
import { createFuzzChain, type FuzzChain } from '../../fuzz/fuzzChain.ts'
import { validShapes } from '../../fuzz/methodShapes.ts'

// Every method declared `lagged` answers through the lag fault as the same method answers at the older head:
// what it reads with `latest` is read at the lagged head, a block or transaction above it is unknown. Two paths
// held to each other, method by method, with params from the fuzz suite's shapes; the block parameter each
// declaration names is the one set. This holds the lagging view of the node (laggedNode) to everything the
// lagged methods read through it.

const LAG = 3
const CASES_PER_METHOD = 4

let chain: FuzzChain
let shapes: ReturnType<typeof validShapes>
/** Canonical blocks at the lagged head and above it, each holding a transaction. */
let atLaggedHead: { hash: string; number: bigint; transaction: string }
let aboveLaggedHead: { hash: string; transaction: string }

const hexOf = (n: bigint) => `0x${n.toString(16)}`
const UNKNOWN_HASH = `0x${'ab'.repeat(32)}`

beforeAll(async () => {
  chain = await createFuzzChain()
  shapes = validShapes(chain.samples)
  const { node } = chain
  const from = node.accounts[8]!.address
  const emitter = { to: hexToBytes(chain.samples.contract), data: hexToBytes(chain.samples.emitCalldata) }
  // LAG + 1 blocks of one transaction each, emitting logs: the lagged head and every block above it hold one.
  for (let i = 0; i <= LAG; i++) {
    await node.sendTransaction({ from, ...emitter })
    await node.mine(1)
  }
  const block = (n: bigint) => node.chain.blockByNumber(n)!
  const lagged = block(node.head.number - BigInt(LAG))
  atLaggedHead = { hash: lagged.hashKey, number: lagged.number, transaction: lagged.transactions.at(-1)!.signed.hashKey }
  aboveLaggedHead = { hash: node.head.hashKey, transaction: node.head.transactions.at(-1)!.signed.hashKey }
}, 60_000)
afterAll(() => chain?.close())

/** The answer to one call, as a client reads it (its id left out). */
async function answer(method: string, params: unknown[]): Promise<unknown> {
  const text = await chain.dispatcher.handleText(JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }), chain.http)
  const { id: _id, ...rest } = JSON.parse(text as string) as Record<string, unknown>
  return rest
}

/** An answer with `hash` written as `<hash>`: an unknown block's or transaction's refusal names what was asked. */
const naming = (value: unknown, hash: string) => JSON.parse(JSON.stringify(value).replaceAll(hash, '<hash>'))

/** The answer through a replica LAG blocks behind the head. */
async function laggedAnswer(method: string, params: unknown[]): Promise<unknown> {
  chain.faults.arm({ kind: 'lag', blocks: LAG, methods: [method] })
  try {
    return await answer(method, params)
  } finally {
    chain.faults.clear()
  }
}

const withParam = (params: unknown[], position: number, value: unknown) => {
  const out = [...params]
  out[position] = value
  return out
}

/** Valid params of `method` from the fuzz suite's shapes (a fixed seed: the same cases every run). */
const samplesOf = (method: string) => fc.sample(shapes[method] as fc.Arbitrary<unknown[]>, { numRuns: CASES_PER_METHOD, seed: 7 })

describe('a lagged method answers as at the older head', () => {
  test('the lag fault lags the methods declared lagged, and those only', () => {
    expect(LAGGED_METHODS.size).toBeGreaterThan(20)
    expect(LAGGED_METHODS.has('eth_sendRawTransaction')).toBe(false)
    expect(LAGGED_METHODS.has('sim_block')).toBe(false)
  })

  test('no method both writes and lags: a lag answers reads, and a write reaches the real head', () => {
    const both = METHODS.filter((method) => method.writes === true && method.lagged === true).map((method) => method.name)
    expect(both).toEqual([])
  })

  test('a lag naming a method not declared lagged is refused, naming it: every write, and the reads that lag nothing', () => {
    const writes = METHODS.filter((method) => method.writes === true).map((method) => method.name)
    const unlagged = METHODS.filter((method) => method.writes !== true && method.lagged !== true).map((method) => method.name)
    expect(writes.length).toBeGreaterThan(35)
    const faults = new FaultInjector({ methods: FAULTED_METHODS })
    for (const name of [...writes, ...unlagged]) {
      expect(() => faults.arm({ kind: 'lag', blocks: 1, methods: ['eth_blockNumber', name] }), name).toThrow(
        `a lag answers reads resolved against the head only: ${name} is not declared lagged`,
      )
    }
  })

  test.each([...LAGGED_METHODS])('%s', async (name) => {
    const declaration = declarationOf(name) as AnyMethod
    const read = declaration.reads?.block
    const head = chain.node.head.number
    if (read === undefined) {
      // A read of the head itself (eth_blockNumber).
      expect(await laggedAnswer(name, [])).toEqual({ jsonrpc: '2.0', result: hexOf(head - BigInt(LAG)) })
      return
    }
    for (const params of samplesOf(name)) {
      switch (read.kind) {
        case 'number':
        case 'reference': {
          const lagged = await laggedAnswer(name, withParam(params, read.param, 'latest'))
          expect(lagged, `${name} ${JSON.stringify(params)}`).toEqual(await answer(name, withParam(params, read.param, hexOf(atLaggedHead.number))))
          break
        }
        case 'hash': {
          const above = naming(await laggedAnswer(name, withParam(params, read.param, aboveLaggedHead.hash)), aboveLaggedHead.hash)
          const unknown = naming(await answer(name, withParam(params, read.param, UNKNOWN_HASH)), UNKNOWN_HASH)
          expect(above, `${name}: a block above the lagged head is unknown`).toEqual(unknown)
          const at = withParam(params, read.param, atLaggedHead.hash)
          expect(await laggedAnswer(name, at), `${name}: the lagged head itself is known`).toEqual(await answer(name, at))
          break
        }
        case 'transaction': {
          const above = naming(await laggedAnswer(name, withParam(params, read.param, aboveLaggedHead.transaction)), aboveLaggedHead.transaction)
          const unknown = naming(await answer(name, withParam(params, read.param, UNKNOWN_HASH)), UNKNOWN_HASH)
          expect(above, `${name}: a transaction above the lagged head is unknown`).toEqual(unknown)
          const at = withParam(params, read.param, atLaggedHead.transaction)
          expect(await laggedAnswer(name, at), `${name}: a transaction at the lagged head is known`).toEqual(await answer(name, at))
          break
        }
        case 'logFilter': {
          const range = { address: chain.samples.contract, fromBlock: '0x1' }
          const lagged = await laggedAnswer(name, withParam(params, read.param, { ...range, toBlock: 'latest' }))
          expect(lagged).toEqual(await answer(name, withParam(params, read.param, { ...range, toBlock: hexOf(atLaggedHead.number) })))
          break
        }
      }
    }
  })
})
