import { expect } from 'vitest'
import type { RpcContext } from '../../src/rpc/rpcMethod.ts'
import type { FuzzChain } from './fuzzChain.ts'
import { MAX_DEPTH, causeMessage, codeOf, depthOf, expectTooDeep, expectWellFormedResponse } from './wellFormed.ts'

let nextId = 1

/**
 * Sends one request through the fuzz chain's dispatcher and checks the answer is well-formed with the
 * request's id. An internal error fails, with its cause in the message: every one is a bug to fix.
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
  if (codeOf(answer) === -32603) {
    const cause = chain.logged[loggedBefore] as { err?: Error } | undefined
    throw new Error(`-32603 from ${method} ${JSON.stringify(params)?.slice(0, 500)}: ${cause?.err?.stack ?? String(cause?.err)}`)
  }
  expect(causes, 'a cause is logged only for an answer that is -32603').toEqual([])
  expectWellFormedResponse(answer, id)
  expect(() => JSON.stringify(answer)).not.toThrow()
  return answer
}
