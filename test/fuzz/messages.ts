import fc from 'fast-check'
import { expect } from 'vitest'
import { methodNames } from '../../src/rpc/registry.ts'
import { hostileLeaf, hostileParams, hostileString, hostileValue, jsonObject, nested } from './arbitraries.ts'
import { paramsFor, type validShapes } from './methodShapes.ts'
import { MAX_DEPTH, codeOf, depthOf, expectTooDeep, expectWellFormedResponse, expectedReply } from './wellFormed.ts'

/*
 * Whole JSON-RPC messages for the fuzz suite, and the oracle their answers are checked against.
 */

const ABSENT = Symbol('absent')

/**
 * A message: single requests (well-enveloped or not, with or without an id), batches mixing valid calls,
 * notifications, invalid elements and duplicate ids, non-request values, nesting around the depth limit,
 * and batches just past the size limit.
 */
export function messageArbitrary(shapes: ReturnType<typeof validShapes>): fc.Arbitrary<unknown> {
  const known = methodNames.filter((name) => shapes[name] !== undefined)
  // A known method with its own params (valid, near-valid or hostile), or anything at all as the method.
  const methodAndParams = fc.oneof(
    {
      weight: 8,
      arbitrary: fc.constantFrom(...known).chain((name) => fc.tuple(fc.constant<unknown>(name), paramsFor(shapes[name] as fc.Arbitrary<unknown[]>))),
    },
    {
      weight: 2,
      arbitrary: fc.tuple(
        fc.oneof(hostileString, hostileLeaf, fc.constantFrom('__proto__', 'constructor', 'hasOwnProperty', 'eth_subscription', 'rpc.discover', 'ETH_CHAINID')),
        hostileParams,
      ),
    },
  )
  // Small ids repeat often, so batches hold duplicates; some ids are invalid (objects, arrays, booleans).
  const id = fc.oneof(
    { weight: 4, arbitrary: fc.integer({ min: 0, max: 3 }) },
    { weight: 2, arbitrary: fc.constantFrom('a', 'b', '', 'é😀') },
    { weight: 1, arbitrary: fc.constant(null) },
    { weight: 1, arbitrary: fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.string({ maxLength: 30 })) },
    { weight: 1, arbitrary: hostileValue },
  )
  const request = fc
    .tuple(
      fc.option(
        fc.oneof(
          { weight: 12, arbitrary: fc.constant<unknown>('2.0') },
          { weight: 1, arbitrary: fc.constantFrom<unknown>('1.0', '2', 2, null) },
          { weight: 1, arbitrary: hostileLeaf },
        ),
        { freq: 20, nil: ABSENT },
      ),
      fc.option(id, { freq: 5, nil: ABSENT }),
      methodAndParams,
      fc.option(fc.tuple(fc.constantFrom('extra', 'result', 'error', '__proto__'), hostileLeaf), { freq: 2, nil: ABSENT }),
    )
    .map(([jsonrpc, requestId, [method, params], extra]) => {
      const entries: [string, unknown][] = []
      if (jsonrpc !== ABSENT) entries.push(['jsonrpc', jsonrpc])
      if (requestId !== ABSENT) entries.push(['id', requestId])
      if (method !== ABSENT) entries.push(['method', method])
      if (params !== undefined) entries.push(['params', params])
      if (Array.isArray(extra)) entries.push(extra)
      return jsonObject(entries)
    })
  return fc.oneof(
    { weight: 30, arbitrary: request },
    { weight: 30, arbitrary: fc.array(fc.oneof({ weight: 8, arbitrary: request }, { weight: 1, arbitrary: hostileValue }), { maxLength: 12 }) },
    { weight: 6, arbitrary: hostileValue },
    // Around the nesting limit: the request itself, wrapped in arrays.
    { weight: 3, arbitrary: fc.tuple(fc.integer({ min: MAX_DEPTH - 3, max: MAX_DEPTH + 3 }), request).map(([depth, r]) => nested(depth, r)) },
    {
      weight: 1,
      arbitrary: fc.integer({ min: 1000, max: 1003 }).map((n) => Array.from({ length: n }, (_, i) => ({ jsonrpc: '2.0', id: i, method: 'eth_chainId' }))),
    },
  )
}

/** The method named by a request, when it names one. */
const methodOf = (request: unknown) => (typeof request === 'object' && request !== null ? (request as Record<string, unknown>)['method'] : undefined)

/** Checks the answer to one request against JSON-RPC 2.0 (and the -32601 / -32602 rules docs/reference/errors-and-limits.md states). */
function expectAnswerTo(request: unknown, response: unknown, causes: string[]): void {
  const expected = expectedReply(request)
  if (!expected.answered) throw new Error('answer to a notification')
  const method = methodOf(request)
  // Every internal error is a bug to fix: its logged cause says where.
  expect(codeOf(response), `-32603 from ${String(method)}: ${causes.join('; ') || 'no cause logged'}`).not.toBe(-32603)
  expectWellFormedResponse(response, expected.id)
  if (expected.invalid) {
    expect(codeOf(response)).toBe(-32600)
    return
  }
  const fields = request as Record<string, unknown>
  if (!methodNames.includes(method as string)) expect(codeOf(response)).toBe(-32601)
  else if (fields['params'] !== undefined && !Array.isArray(fields['params'])) expect(codeOf(response)).toBe(-32602)
}

/** Checks the whole answer to a message, single or batch, in request order; `causes` are the logged causes of internal errors. */
export function expectAnswerToMessage(body: unknown, answer: unknown, causes: string[]): void {
  if (depthOf(body) > MAX_DEPTH) expectTooDeep(answer)
  else if (!Array.isArray(body)) {
    if (expectedReply(body).answered) expectAnswerTo(body, answer, causes)
    else expect(answer).toBeUndefined()
  } else if (body.length === 0 || body.length > 1000) {
    expectWellFormedResponse(answer, null)
    expect((answer as { error: { message: string } }).error.message).toBe(body.length === 0 ? 'empty batch' : 'batch too large')
  } else expectAnswerToBatch(body, answer, causes)
}

/** Checks a batch's answer: one response for each request that expects one, in request order. */
function expectAnswerToBatch(body: unknown[], answer: unknown, causes: string[]): void {
  const answered = body.filter((request) => expectedReply(request).answered)
  if (answered.length === 0) {
    expect(answer).toBeUndefined()
    return
  }
  expect(Array.isArray(answer), 'a batch is answered with an array').toBe(true)
  const responses = answer as unknown[]
  expect(responses.length).toBe(answered.length)
  for (const [i, request] of answered.entries()) expectAnswerTo(request, responses[i], causes)
}
