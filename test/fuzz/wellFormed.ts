import { expect } from 'vitest'

/**
 * The JSON-RPC error codes chainsim may answer a request with. -32603 is not among them: every internal
 * error the fuzz suite meets is a bug to fix (a missing parameter check, most often).
 */
export const ALLOWED_CODES: ReadonlySet<number> = new Set([
  -32700, -32600, -32601, -32602, -32000, -32005, 3,
  // eth_simulateV1's refusals (execution-apis' codes).
  -38010, -38011, -38013, -38014, -38015, -38020, -38021, -38025, -38026,
  // A sync send pooled but not mined within its wait (EIP-7966).
  4,
])

// A stack frame, a source file with a line number, a path into the project or node_modules, a file URL,
// or the name of a JavaScript error class: signs that an internal fault leaked into a message.
const LEAK =
  /\n\s*at\s|\bat\s+\S+\s+\(|\.(?:ts|js|mjs|cjs):\d+|\/(?:src|node_modules|work|home|tmp)\/|file:\/\/|\b(?:TypeError|RangeError|ReferenceError|SyntaxError)\b/

/** Fails when `text` carries a stack trace or an internal path. */
export function expectNoLeak(text: string): void {
  expect(text, 'a stack trace or internal path reached the wire').not.toMatch(LEAK)
}

type Id = string | number | null

/**
 * Checks one response object: `jsonrpc: "2.0"`, the expected id, exactly one of result and error, an
 * error with an allowed integer code (never -32603) and a non-empty message free of internals.
 */
export function expectWellFormedResponse(response: unknown, expectedId: Id): void {
  expect(typeof response === 'object' && response !== null && !Array.isArray(response), 'response is an object').toBe(true)
  const fields = response as Record<string, unknown>
  expect(fields['jsonrpc']).toBe('2.0')
  expect(fields['id']).toStrictEqual(expectedId)
  const keys = Object.keys(fields).sort()
  if ('error' in fields) {
    expect(keys).toEqual(['error', 'id', 'jsonrpc'])
    const error = fields['error'] as Record<string, unknown>
    expect(Number.isInteger(error['code']), 'error.code is an integer').toBe(true)
    expect(error['code'], `code ${String(error['code'])} (${String(error['message'])})`).not.toBe(-32603)
    expect(ALLOWED_CODES.has(error['code'] as number), `code ${String(error['code'])} is allowed`).toBe(true)
    expect(typeof error['message']).toBe('string')
    expect((error['message'] as string).length).toBeGreaterThan(0)
    for (const key of Object.keys(error)) expect(['code', 'message', 'data'], `error member ${key}`).toContain(key)
    expectNoLeak(error['message'] as string)
    if (error['data'] !== undefined) expectNoLeak(JSON.stringify(error['data']))
  } else {
    expect(keys).toEqual(['id', 'jsonrpc', 'result'])
  }
}

/** The error code of a response, or undefined for a result. */
export function codeOf(response: unknown): number | undefined {
  const error = (response as { error?: { code: number } }).error
  return error?.code
}

/**
 * What the dispatcher must answer one batch element with, by JSON-RPC 2.0: nothing for a valid
 * notification, otherwise a response carrying the request's id (null when the id itself is invalid or the
 * element is not a request object), and -32600 when the envelope is invalid.
 */
export function expectedReply(request: unknown): { answered: false } | { answered: true; id: Id; invalid: boolean } {
  if (typeof request !== 'object' || request === null || Array.isArray(request)) return { answered: true, id: null, invalid: true }
  const fields = request as Record<string, unknown>
  const envelopeOk = fields['jsonrpc'] === '2.0' && typeof fields['method'] === 'string'
  if (!Object.hasOwn(fields, 'id')) return envelopeOk ? { answered: false } : { answered: true, id: null, invalid: true }
  const id = fields['id']
  const idOk = id === null || typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id))
  if (!idOk) return { answered: true, id: null, invalid: true }
  return { answered: true, id: id as Id, invalid: !envelopeOk }
}

/** The message of the cause the dispatcher logged for an internal error. */
export function causeMessage(logged: unknown): string {
  const err = (logged as { err?: unknown } | undefined)?.err
  return err instanceof Error ? err.message : String(err)
}

/** The dispatcher's nesting limit, by default. */
export const MAX_DEPTH = 64

/** How deep arrays and objects nest in a JSON value (a scalar is 0, `[]` is 1). */
export function depthOf(value: unknown): number {
  if (typeof value !== 'object' || value === null) return 0
  let deepest = 0
  for (const child of Array.isArray(value) ? value : Object.values(value)) deepest = Math.max(deepest, depthOf(child))
  return deepest + 1
}

/** Checks the one answer a too deeply nested message gets. */
export function expectTooDeep(answer: unknown): void {
  expect(answer).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32600, message: 'request nested too deeply' } })
}
