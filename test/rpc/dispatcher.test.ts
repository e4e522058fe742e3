import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { createDispatcher } from '../../src/rpc/dispatcher.ts'
import type { RpcContext, RpcMethodTable } from '../../src/rpc/rpcMethod.ts'
import { ExecutionRevertedError, InvalidParamsError, LimitExceededError, RateLimitExceededError } from '../../src/errors.ts'
import { boolean, parseParams, quantity } from '../../src/rpc/schemas.ts'

const ctx: RpcContext = { transport: 'http' }

/** A dispatcher over a small real table; `calls` records what ran, `logged` what was logged. */
function setup(options: { maxBatchSize?: number; maxDepth?: number } = {}) {
  const calls: string[] = []
  const logged: unknown[] = []
  let openGate = () => {}
  const gate = new Promise<void>((resolve) => (openGate = resolve))
  const methods: RpcMethodTable = {
    echo: (params) => {
      calls.push('echo')
      return params
    },
    add: (params) => {
      const [a, b] = parseParams('add', [quantity, quantity], params)
      return `0x${(a + b).toString(16)}`
    },
    flag: (params) => parseParams('flag', [boolean.optional()], params)[0] ?? null,
    nothing: () => undefined,
    // `waitGate` finishes only after `openGate` has run: in one batch, that needs the two to run concurrently.
    waitGate: async () => {
      await gate
      return 'passed'
    },
    openGate: () => {
      openGate()
      return 'opened'
    },
    boom: () => {
      calls.push('boom')
      throw new Error('secret cause at /internal/path.ts')
    },
    rejects: async () => {
      throw new TypeError('async secret')
    },
    fails: () => {
      throw new InvalidParamsError('invalid argument 0: expected boolean')
    },
    reverts: () => {
      throw new ExecutionRevertedError('0x08c379a0', 'not owner')
    },
    limited: () => {
      throw new LimitExceededError('query returned more than 10000 results', { data: { from: '0x1', to: '0x2', limit: 10000 } })
    },
    bigint: () => 1n,
  }
  const dispatcher = createDispatcher(methods, { ...options, logger: { error: (obj) => logged.push(obj) } })
  return { dispatcher, calls, logged }
}

const call = (method: string, params?: unknown, id: unknown = 1) => ({
  jsonrpc: '2.0',
  id,
  method,
  ...(params === undefined ? {} : { params }),
})

describe('single requests', () => {
  test('request → result with the same id', async () => {
    const { dispatcher } = setup()
    expect(await dispatcher.handle(call('echo', [1, 'a']), ctx)).toEqual({ jsonrpc: '2.0', id: 1, result: [1, 'a'] })
  })

  test('string id is echoed', async () => {
    const { dispatcher } = setup()
    expect(await dispatcher.handle(call('echo', [], 'abc'), ctx)).toMatchObject({ id: 'abc' })
  })

  test('id null is answered with id null', async () => {
    const { dispatcher } = setup()
    expect(await dispatcher.handle(call('echo', [], null), ctx)).toEqual({ jsonrpc: '2.0', id: null, result: [] })
  })

  test('absent params → []', async () => {
    const { dispatcher } = setup()
    expect(await dispatcher.handle(call('echo'), ctx)).toMatchObject({ result: [] })
  })

  test('a method returning undefined → result null', async () => {
    const { dispatcher } = setup()
    expect(await dispatcher.handle(call('nothing'), ctx)).toEqual({ jsonrpc: '2.0', id: 1, result: null })
  })

  test('notification (no id) → executed, no response', async () => {
    const { dispatcher, calls } = setup()
    expect(await dispatcher.handle({ jsonrpc: '2.0', method: 'echo' }, ctx)).toBeUndefined()
    expect(calls).toEqual(['echo'])
  })

  test('failing notification → no response, cause logged', async () => {
    const { dispatcher, logged } = setup()
    expect(await dispatcher.handle({ jsonrpc: '2.0', method: 'boom' }, ctx)).toBeUndefined()
    expect(logged).toHaveLength(1)
  })
})

describe('invalid requests', () => {
  test('jsonrpc other than "2.0" → -32600 with the id', async () => {
    const { dispatcher, calls } = setup()
    expect(await dispatcher.handle({ jsonrpc: '1.0', id: 4, method: 'echo' }, ctx)).toMatchObject({
      id: 4,
      error: { code: -32600 },
    })
    expect(calls).toEqual([])
  })

  test('missing jsonrpc → -32600', async () => {
    const { dispatcher } = setup()
    expect(await dispatcher.handle({ id: 1, method: 'echo' }, ctx)).toMatchObject({ error: { code: -32600 } })
  })

  test('method not a string → -32600', async () => {
    const { dispatcher } = setup()
    expect(await dispatcher.handle({ jsonrpc: '2.0', id: 1, method: 5 }, ctx)).toMatchObject({
      id: 1,
      error: { code: -32600 },
    })
  })

  test('id neither number, string nor null → -32600 with id null', async () => {
    const { dispatcher } = setup()
    for (const id of [{}, [1], true]) {
      expect(await dispatcher.handle(call('echo', [], id), ctx)).toMatchObject({ id: null, error: { code: -32600 } })
    }
  })

  test('request that is not an object → -32600 with id null', async () => {
    const { dispatcher } = setup()
    for (const body of [1, 'x', null, true]) {
      expect(await dispatcher.handle(body, ctx)).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32600 } })
    }
  })

  test('invalid request without id is still answered', async () => {
    const { dispatcher } = setup()
    expect(await dispatcher.handle({ jsonrpc: '2.0' }, ctx)).toMatchObject({ id: null, error: { code: -32600 } })
  })

  test('params not an array → -32602', async () => {
    const { dispatcher, calls } = setup()
    for (const params of [{ a: 1 }, 'x', null]) {
      expect(await dispatcher.handle(call('echo', params), ctx)).toMatchObject({ id: 1, error: { code: -32602 } })
    }
    expect(calls).toEqual([])
  })
})

describe('method lookup', () => {
  test('unknown method → -32601 naming it', async () => {
    const { dispatcher } = setup()
    expect(await dispatcher.handle(call('eth_nope'), ctx)).toEqual({
      jsonrpc: '2.0',
      id: 1,
      error: { code: -32601, message: 'the method eth_nope does not exist/is not available' },
    })
  })

  test('prototype keys do not resolve to methods', async () => {
    const { dispatcher } = setup()
    for (const method of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf']) {
      expect(await dispatcher.handle(call(method), ctx)).toMatchObject({ error: { code: -32601 } })
    }
  })
})

describe('method errors', () => {
  test('a thrown plain Error → -32603 "internal error", cause logged not sent', async () => {
    const { dispatcher, logged } = setup()
    const text = await dispatcher.handleText(JSON.stringify(call('boom')), ctx)
    expect(JSON.parse(text ?? '')).toEqual({ jsonrpc: '2.0', id: 1, error: { code: -32603, message: 'internal error' } })
    expect(text).not.toContain('secret')
    expect(logged).toHaveLength(1)
  })

  test('a rejected promise → -32603', async () => {
    const { dispatcher, logged } = setup()
    expect(await dispatcher.handle(call('rejects'), ctx)).toMatchObject({ error: { code: -32603, message: 'internal error' } })
    expect(logged).toHaveLength(1)
  })

  test('InvalidParamsError → -32602 with its message', async () => {
    const { dispatcher, logged } = setup()
    expect(await dispatcher.handle(call('fails'), ctx)).toEqual({
      jsonrpc: '2.0',
      id: 1,
      error: { code: -32602, message: 'invalid argument 0: expected boolean' },
    })
    expect(logged).toEqual([])
  })

  test('ExecutionRevertedError → code 3 with the revert data', async () => {
    const { dispatcher } = setup()
    expect(await dispatcher.handle(call('reverts'), ctx)).toMatchObject({
      error: { code: 3, message: 'execution reverted: not owner', data: '0x08c379a0' },
    })
  })

  test('LimitExceededError → -32005 with its data', async () => {
    const { dispatcher } = setup()
    expect(await dispatcher.handle(call('limited'), ctx)).toMatchObject({
      error: { code: -32005, data: { from: '0x1', to: '0x2', limit: 10000 } },
    })
  })
})

describe('params validated with schemas', () => {
  test('valid quantities → result', async () => {
    const { dispatcher } = setup()
    expect(await dispatcher.handle(call('add', ['0x1', '0xFF']), ctx)).toMatchObject({ result: '0x100' })
  })

  test('bad quantity → -32602 naming the argument', async () => {
    const { dispatcher } = setup()
    expect(await dispatcher.handle(call('add', ['0x1', '0x01']), ctx)).toMatchObject({
      error: { code: -32602, message: 'invalid argument 1: hex number with leading zero digits' },
    })
  })

  test('wrong type → -32602 saying what was expected', async () => {
    const { dispatcher } = setup()
    expect(await dispatcher.handle(call('flag', ['yes']), ctx)).toMatchObject({
      error: { code: -32602, message: 'invalid argument 0: expected boolean' },
    })
  })

  test('missing optional trailing param is allowed', async () => {
    const { dispatcher } = setup()
    expect(await dispatcher.handle(call('flag', []), ctx)).toMatchObject({ result: null })
  })

  test('missing required param → -32602', async () => {
    const { dispatcher } = setup()
    expect(await dispatcher.handle(call('add', ['0x1']), ctx)).toMatchObject({
      error: { code: -32602, message: expect.stringContaining('missing value for required argument 1') },
    })
  })

  test('too many params → -32602', async () => {
    const { dispatcher } = setup()
    expect(await dispatcher.handle(call('add', ['0x1', '0x2', '0x3']), ctx)).toMatchObject({
      error: { code: -32602, message: expect.stringContaining('too many arguments') },
    })
  })
})

describe('batches', () => {
  test('batch → answers in request order', async () => {
    const { dispatcher } = setup()
    expect(await dispatcher.handle([call('echo', ['a'], 1), call('nope', [], 2), call('echo', ['c'], 3)], ctx)).toEqual([
      { jsonrpc: '2.0', id: 1, result: ['a'] },
      { jsonrpc: '2.0', id: 2, error: expect.objectContaining({ code: -32601 }) },
      { jsonrpc: '2.0', id: 3, result: ['c'] },
    ])
  })

  test('requests run concurrently but answers keep order', async () => {
    const { dispatcher } = setup()
    expect(await dispatcher.handle([call('waitGate', [], 1), call('openGate', [], 2)], ctx)).toEqual([
      { jsonrpc: '2.0', id: 1, result: 'passed' },
      { jsonrpc: '2.0', id: 2, result: 'opened' },
    ])
  })

  test('notifications in a batch are executed and omitted', async () => {
    const { dispatcher, calls } = setup()
    const answers = await dispatcher.handle([{ jsonrpc: '2.0', method: 'echo' }, call('echo', ['x'], 9)], ctx)
    expect(answers).toEqual([{ jsonrpc: '2.0', id: 9, result: ['x'] }])
    expect(calls).toEqual(['echo', 'echo'])
  })

  test('all-notification batch → no response', async () => {
    const { dispatcher } = setup()
    expect(
      await dispatcher.handle(
        [
          { jsonrpc: '2.0', method: 'echo' },
          { jsonrpc: '2.0', method: 'boom' },
        ],
        ctx,
      ),
    ).toBeUndefined()
  })

  test('empty batch → single -32600', async () => {
    const { dispatcher } = setup()
    expect(await dispatcher.handle([], ctx)).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32600, message: 'empty batch' },
    })
  })

  test('batch over the limit → one -32600 "batch too large", nothing run', async () => {
    const { dispatcher, calls } = setup({ maxBatchSize: 3 })
    const batch = [1, 2, 3, 4].map((id) => call('echo', [], id))
    expect(await dispatcher.handle(batch, ctx)).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32600, message: 'batch too large' },
    })
    expect(calls).toEqual([])
  })

  test('batch at the limit is answered', async () => {
    const { dispatcher } = setup({ maxBatchSize: 3 })
    expect(
      await dispatcher.handle(
        [1, 2, 3].map((id) => call('echo', [], id)),
        ctx,
      ),
    ).toHaveLength(3)
  })

  test('default limit is 1000', async () => {
    const { dispatcher } = setup()
    const batch = (size: number) => Array.from({ length: size }, (_, id) => call('echo', [], id))
    expect(await dispatcher.handle(batch(1000), ctx)).toHaveLength(1000)
    expect(await dispatcher.handle(batch(1001), ctx)).toMatchObject({ error: { message: 'batch too large' } })
  })

  test('invalid entries in a batch get their own -32600', async () => {
    const { dispatcher } = setup()
    expect(await dispatcher.handle([1, [call('echo')], call('echo', [], 5)], ctx)).toEqual([
      { jsonrpc: '2.0', id: null, error: expect.objectContaining({ code: -32600 }) },
      { jsonrpc: '2.0', id: null, error: expect.objectContaining({ code: -32600 }) },
      { jsonrpc: '2.0', id: 5, result: [] },
    ])
  })
})

describe('handleText', () => {
  test('bad JSON → -32700 with id null', async () => {
    const { dispatcher } = setup()
    expect(JSON.parse((await dispatcher.handleText('{"jsonrpc":"2.0",', ctx)) ?? '')).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32700, message: 'parse error' },
    })
  })

  test('batch → JSON array text in order', async () => {
    const { dispatcher } = setup()
    const text = await dispatcher.handleText(JSON.stringify([call('echo', [1], 1), call('echo', [2], 2)]), ctx)
    expect(JSON.parse(text ?? '')).toEqual([
      { jsonrpc: '2.0', id: 1, result: [1] },
      { jsonrpc: '2.0', id: 2, result: [2] },
    ])
  })

  test('notification → undefined', async () => {
    const { dispatcher } = setup()
    expect(await dispatcher.handleText('{"jsonrpc":"2.0","method":"echo"}', ctx)).toBeUndefined()
  })

  test('an unserialisable result (bigint) → -32603 for that answer only', async () => {
    const { dispatcher, logged } = setup()
    const text = await dispatcher.handleText(JSON.stringify([call('bigint', [], 1), call('echo', ['ok'], 2)]), ctx)
    expect(JSON.parse(text ?? '')).toEqual([
      { jsonrpc: '2.0', id: 1, error: { code: -32603, message: 'internal error' } },
      { jsonrpc: '2.0', id: 2, result: ['ok'] },
    ])
    expect(logged).toHaveLength(1)
  })
})

/** `[[[…0…]]]` with arrays `depth` levels deep. */
const nestedArray = (depth: number): unknown => nestedIn(0, depth)
const nestedIn = (value: unknown, levels: number): unknown => (levels === 0 ? value : [nestedIn(value, levels - 1)])
const TOO_DEEP = { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'request nested too deeply' } }

describe('nesting depth', () => {
  test('params nested to the limit (the request object counts as level 1) → answered', async () => {
    const { dispatcher } = setup({ maxDepth: 8 })
    expect(await dispatcher.handle(call('echo', nestedArray(7)), ctx)).toMatchObject({ id: 1, result: nestedArray(7) })
  })

  test('one level more → one -32600 "request nested too deeply", nothing run', async () => {
    const { dispatcher, calls } = setup({ maxDepth: 8 })
    expect(await dispatcher.handle(call('echo', nestedArray(8)), ctx)).toEqual(TOO_DEEP)
    expect(await dispatcher.handleText(JSON.stringify(call('echo', nestedArray(8))), ctx)).toBe(JSON.stringify(TOO_DEEP))
    expect(calls).toEqual([])
  })

  test('a batch counts as a level', async () => {
    const { dispatcher } = setup({ maxDepth: 8 })
    expect(await dispatcher.handle([call('echo', nestedArray(7))], ctx)).toEqual(TOO_DEEP)
  })

  test('brackets inside strings do not count', async () => {
    const { dispatcher } = setup({ maxDepth: 3 })
    const text = JSON.stringify(call('echo', ['[[[[{{{{ \\" [[[[']))
    expect(JSON.parse((await dispatcher.handleText(text, ctx)) ?? '')).toMatchObject({ result: ['[[[[{{{{ \\" [[[['] })
  })

  test('default limit is 64', async () => {
    const { dispatcher } = setup()
    expect(await dispatcher.handle(call('echo', nestedArray(63)), ctx)).toMatchObject({ result: nestedArray(63) })
    expect(await dispatcher.handle(call('echo', nestedArray(64)), ctx)).toEqual(TOO_DEEP)
  })

  test('a million levels as text → -32600 without parsing or recursing', async () => {
    const { dispatcher } = setup()
    const text = `${'['.repeat(1_000_000)}${']'.repeat(1_000_000)}`
    expect(await dispatcher.handleText(text, ctx)).toBe(JSON.stringify(TOO_DEEP))
  })

  test('the text check and the value check agree, whatever strings, escapes and brackets the message holds', async () => {
    const { dispatcher } = setup({ maxDepth: 6 })
    // Strings full of quotes, backslashes and brackets, so that skipping string contents is exercised.
    const tricky = fc.string({ unit: fc.constantFrom('"', '\\', '[', ']', '{', '}', 'a', ' ', 'é') })
    const value = fc.letrec((tie) => ({
      node: fc.oneof({ depthSize: 'small', withCrossShrink: true }, tricky, fc.integer(), tie('array'), tie('object')),
      array: fc.array(tie('node'), { maxLength: 3 }),
      object: fc.dictionary(tricky, tie('node'), { maxKeys: 3 }),
    })).node
    // Wrapped in up to 8 more levels, so that the limit itself is crossed as often as not.
    const wrapped = fc.tuple(value, fc.integer({ min: 0, max: 8 })).map(([inner, levels]) => nestedIn(inner, levels))
    await fc.assert(
      fc.asyncProperty(wrapped, async (params) => {
        const request = call('echo', [params])
        expect(await dispatcher.handleText(JSON.stringify(request), ctx)).toBe(JSON.stringify(await dispatcher.handle(request, ctx)))
      }),
      { numRuns: 300 },
    )
  })

  test('malformed text within the limit is still a parse error', async () => {
    const { dispatcher } = setup()
    expect(JSON.parse((await dispatcher.handleText('[[["unterminated', ctx)) ?? '')).toMatchObject({ error: { code: -32700 } })
  })
})

describe('admission (rate limiting)', () => {
  const refusal = new RateLimitExceededError({ requestsPerSecond: 1, burst: 1 })

  test('admit is asked once per message with its request count; a batch counts each', async () => {
    const { dispatcher } = setup()
    const asked: number[] = []
    const counting = { ...ctx, admit: (n: number) => void asked.push(n) }
    await dispatcher.handle(call('echo'), counting)
    await dispatcher.handle([call('echo', [], 1), call('echo', [], 2), { jsonrpc: '2.0', method: 'echo' }], counting)
    expect(asked).toEqual([1, 3])
  })

  test('a refusal answers every request with it, with its own id, and runs nothing', async () => {
    const { dispatcher, calls } = setup()
    const refusing = { ...ctx, admit: () => refusal }
    const answer = await dispatcher.handle([call('echo', [], 'a'), { jsonrpc: '2.0', method: 'echo' }, call('echo', [], 'b')], refusing)
    const error = { code: -32005, message: 'rate limit exceeded', data: { requestsPerSecond: 1, burst: 1 } }
    expect(answer).toEqual([
      { jsonrpc: '2.0', id: 'a', error },
      { jsonrpc: '2.0', id: 'b', error },
    ])
    expect(calls).toEqual([])
  })

  test('under a refusal an invalid request still gets its -32600', async () => {
    const { dispatcher } = setup()
    expect(await dispatcher.handle({ jsonrpc: '1.0', id: 1, method: 'echo' }, { ...ctx, admit: () => refusal })).toMatchObject({
      error: { code: -32600 },
    })
  })

  test('an empty or oversized batch is refused as such, without asking', async () => {
    const { dispatcher } = setup({ maxBatchSize: 2 })
    let asked = 0
    const counting = { ...ctx, admit: () => void asked++ }
    expect(await dispatcher.handle([], counting)).toMatchObject({ error: { message: 'empty batch' } })
    expect(await dispatcher.handle([call('echo'), call('echo'), call('echo')], counting)).toMatchObject({ error: { message: 'batch too large' } })
    expect(asked).toBe(0)
  })
})
