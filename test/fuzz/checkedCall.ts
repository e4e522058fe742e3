import { expect } from 'vitest'
import type { RpcContext } from '../../src/rpc/dispatcher.ts'
import type { FuzzChain } from './fuzzChain.ts'
import { knownInternalError } from './knownInternalErrors.ts'
import { MAX_DEPTH, causeMessage, codeOf, depthOf, expectTooDeep, expectWellFormedResponse } from './wellFormed.ts'

let nextId = 1

/**
 * Sends one request through the fuzz chain's dispatcher and checks the answer is well-formed with the
 * request's id. An internal error fails, with its cause in the message, unless the cause is a known bug
 * outside the RPC layer.
 */
export async function checkedCall(chain: FuzzChain, method: string, params: unknown, ctx: RpcContext): Promise<unknown> {
  const id = nextId++
  const request = { jsonrpc: '2.0', id, method, ...(params === undefined ? {} : { params }) }
  const loggedBefore = chain.logged.length
  const answer = await chain.dispatcher.handle(request, ctx)
  if (depthOf(request) > MAX_DEPTH) {
    expectTooDeep(answer)
    return answer
  }
  const causes = chain.logged.slice(loggedBefore).map(causeMessage)
  const internal = codeOf(answer) === -32603
  if (internal && !causes.every((cause) => knownInternalError(method, cause))) {
    const cause = chain.logged[loggedBefore] as { err?: Error } | undefined
    throw new Error(`-32603 from ${method} ${JSON.stringify(params)?.slice(0, 500)}: ${cause?.err?.stack ?? String(cause?.err)}`)
  }
  expect(causes.length, 'a cause is logged exactly when the answer is -32603').toBe(internal ? 1 : 0)
  expectWellFormedResponse(answer, id, { internalKnown: internal })
  expect(() => JSON.stringify(answer)).not.toThrow()
  return answer
}
