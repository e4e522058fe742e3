import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { createDispatcher } from '../../src/rpc/dispatcher.ts'
import { PARAMS_SUMMARY_CHARS, RequestLog, formatRequestLine, summarizeParams } from '../../src/rpc/requestLog.ts'
import { LimitExceededError } from '../../src/errors.ts'

const methods = {
  echo: (params: unknown[]) => params,
  fail: () => {
    throw new LimitExceededError('too much')
  },
}

describe('the ring', () => {
  test('keeps the newest `capacity` records; pages go back from `before`', () => {
    const log = new RequestLog('dev', { capacity: 5 })
    for (let i = 0; i < 12; i++) log.start(`m${i}`, [], 'http').finish(1)
    expect(log.total).toBe(12)
    expect(log.page(Number.MAX_SAFE_INTEGER, 100).map((r) => r.seq)).toEqual([12, 11, 10, 9, 8])
    expect(log.page(10, 2).map((r) => r.method)).toEqual(['m8', 'm7'])
    expect(log.page(8, 100)).toEqual([])
  })

  test('listeners hear every record until stopped', () => {
    const log = new RequestLog('dev')
    const heard: number[] = []
    const stop = log.listen((r) => heard.push(r.seq))
    log.start('a', [], 'ws').finish()
    stop()
    log.start('b', [], 'ws').finish()
    expect(heard).toEqual([1])
  })

  test('prints a line for each call that arrived while printing was on, and records every call', () => {
    const printed: string[] = []
    const log = new RequestLog('dev', { print: (line) => printed.push(line), printing: true })
    log.start('a', [], 'http').finish(1)
    const switching = log.start('off', [false], 'http')
    log.printing = false
    switching.finish(1)
    log.start('b', [], 'http').finish(1)
    const arrivedBefore = log.start('c', [], 'http')
    log.printing = true
    arrivedBefore.finish(1)
    log.start('d', [], 'http').finish(1)
    expect(printed.map((line) => line.split(' ')[3])).toEqual(['a', 'off', 'd'])
    expect(log.page(Number.MAX_SAFE_INTEGER, 10).map((r) => r.method)).toEqual(['d', 'c', 'b', 'off', 'a'])
  })
})

describe('what the dispatcher records', () => {
  test("over the wire: the answer's size; in process: none; errors by code; notifications too", async () => {
    const log = new RequestLog('dev')
    const dispatcher = createDispatcher(methods, { requestLog: log })
    const text = await dispatcher.handleText(
      '[{"jsonrpc":"2.0","id":1,"method":"echo","params":[1,"a"]},{"jsonrpc":"2.0","method":"echo"},{"jsonrpc":"2.0","id":2,"method":"fail"}]',
      { transport: 'ws', client: 'bot' },
    )
    const answers = JSON.parse(text!) as unknown[]
    await dispatcher.handle({ jsonrpc: '2.0', id: 3, method: 'nope' }, { transport: 'http' })
    const [unknown, ...batch] = log.page(Number.MAX_SAFE_INTEGER, 10)
    const byMethod = new Map(batch.map((r) => [r.method, r]))
    expect(byMethod.get('echo')).toBeDefined()
    const echoed = batch.find((r) => r.method === 'echo' && r.size !== undefined)!
    expect(echoed).toMatchObject({ transport: 'ws', client: 'bot', params: '[1,"a"]', size: JSON.stringify(answers[0]).length })
    expect(batch.filter((r) => r.method === 'echo')).toHaveLength(2)
    expect(byMethod.get('fail')).toMatchObject({ error: { code: -32005, message: 'too much' } })
    expect(unknown).toMatchObject({ method: 'nope', transport: 'http', error: { code: -32601 } })
    expect(unknown!.size).toBeUndefined()
  })

  test('a refusal by the rate limiter is recorded with its -32005', async () => {
    const log = new RequestLog('dev')
    const dispatcher = createDispatcher(methods, { requestLog: log })
    await dispatcher.handleText('{"jsonrpc":"2.0","id":1,"method":"echo"}', { transport: 'http', admit: () => new LimitExceededError('rate limit exceeded') })
    expect(log.page(Number.MAX_SAFE_INTEGER, 1)[0]).toMatchObject({ method: 'echo', error: { code: -32005, message: 'rate limit exceeded' } })
  })

  test('a huge method name or message is kept short', async () => {
    const log = new RequestLog('dev')
    const dispatcher = createDispatcher(methods, { requestLog: log })
    await dispatcher.handleText(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'x'.repeat(1_000_000) }), { transport: 'http' })
    const [record] = log.page(Number.MAX_SAFE_INTEGER, 1)
    expect(record!.method.length).toBeLessThanOrEqual(64)
    expect(record!.error!.message.length).toBeLessThanOrEqual(200)
  })
})

describe('params summary', () => {
  test('any params: at most the limit, and as long as it is short, the JSON itself', () => {
    fc.assert(
      fc.property(fc.array(fc.jsonValue({ maxDepth: 4 }), { maxLength: 5 }), (params) => {
        const summary = summarizeParams(params)
        expect(summary.length).toBeLessThanOrEqual(PARAMS_SUMMARY_CHARS)
        const json = JSON.stringify(params)
        const simple = JSON.stringify(params, (_k, v: unknown) => (typeof v === 'number' && !Number.isFinite(v) ? null : v))
        const small = params.every(function fits(v: unknown): boolean {
          if (typeof v === 'string') return v.length <= 66
          if (Array.isArray(v)) return v.length <= 3 && v.every(fits)
          if (v && typeof v === 'object') return Object.keys(v).every((k) => k.length <= 66) && Object.values(v).every(fits)
          return typeof v !== 'number' || Number.isFinite(v)
        })
        if (small && params.length <= 3 && json.length <= PARAMS_SUMMARY_CHARS && json === simple && !json.includes('-0')) expect(summary).toBe(json)
      }),
      { numRuns: 300 },
    )
  })

  test('100,000 addresses are summarised from the first few', () => {
    const params = [{ address: Array.from({ length: 100_000 }, (_, i) => `0x${i.toString(16).padStart(40, '0')}`) }]
    expect(summarizeParams(params)).toBe(`[{"address":["0x${'0'.repeat(40)}","0x${'0'.repeat(39)}1","0x${'0'.repeat(39)}2",…+99997]}]`)
    expect(summarizeParams([`0x${'ab'.repeat(5000)}`])).toBe('["0xabababab…(10002 chars)"]')
  })

  test('one line per call for --log-requests', () => {
    const line = formatRequestLine({
      seq: 1,
      at: Date.UTC(2026, 0, 1, 12, 0, 0, 5),
      network: 'dev',
      transport: 'ws',
      connection: 3,
      client: 'indexer',
      method: 'eth_getLogs',
      params: '[{}]',
      durationMs: 1.234,
      error: { code: -32005, message: 'query returned more than 10000 results' },
    })
    expect(line).toBe('12:00:00.005 dev ws#3 indexer eth_getLogs [{}] 1.23 ms → -32005 query returned more than 10000 results')
  })

  test('a method name with line breaks or terminal escapes stays on its line, escaped', async () => {
    const printed: string[] = []
    const log = new RequestLog('dev', { print: (line) => printed.push(line), printing: true })
    const dispatcher = createDispatcher(methods, { requestLog: log })
    await dispatcher.handleText(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId\n12:00:00.000 dev http forged\u001b[2J\u009b' }), {
      transport: 'http',
    })
    expect(printed).toHaveLength(1)
    // biome-ignore lint/suspicious/noControlCharactersInRegex: no control character may reach the terminal
    expect(printed[0]).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/)
    expect(printed[0]).toMatch(/ eth_chainId\\n12:00:00\.000 dev http forged\\u001b\[2J\\u009b \[\] [\d.]+ ms → -32601 the method eth_chainId\\n12:00/)
  })
})
