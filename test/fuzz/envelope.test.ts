import fc from 'fast-check'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createFuzzChain, type FuzzChain } from './fuzzChain.ts'
import { fuzzParameters, fuzzTimeout } from './fuzzSettings.ts'
import { expectAnswerToMessage, messageArbitrary } from './messages.ts'
import { validShapes } from './methodShapes.ts'
import { causeMessage, codeOf, expectTooDeep, expectWellFormedResponse } from './wellFormed.ts'

// The JSON-RPC envelope, fuzzed against a real node: single requests, batches mixing valid calls,
// notifications, invalid elements and duplicate ids, deep nesting around the limit, oversized batches,
// and arbitrary text.
const RUNS = 400
const TEXT_RUNS = 300

let chain: FuzzChain
let message: fc.Arbitrary<unknown>

beforeAll(async () => {
  chain = await createFuzzChain()
  message = messageArbitrary(validShapes(chain.samples))
}, 60_000)
afterAll(() => chain?.close())

/** Manual mining again after each case: a fuzzed call may have turned interval mining on. */
async function restoreManualMining(): Promise<void> {
  await chain.node.settings.setIntervalMining(0)
  await chain.node.settings.setAutomine(false)
}

test(
  'any message → well-formed answers with the right ids, in order; none for notifications',
  async () => {
    const property = fc
      .asyncProperty(message, fc.boolean(), fc.boolean(), async (body, asText, overWs) => {
        const ctx = overWs ? chain.ws : chain.http
        const loggedBefore = chain.logged.length
        let answer: unknown
        let sent = body
        if (asText) {
          const text = JSON.stringify(body)
          // What the dispatcher saw: JSON drops the sign of -0.
          sent = JSON.parse(text)
          const out = await chain.dispatcher.handleText(text, ctx)
          answer = out === undefined ? undefined : JSON.parse(out)
        } else {
          answer = await chain.dispatcher.handle(body, ctx)
          // What goes on the wire must serialise.
          expect(() => JSON.stringify(answer)).not.toThrow()
        }
        expectAnswerToMessage(sent, answer, chain.logged.slice(loggedBefore).map(causeMessage))
      })
      .afterEach(restoreManualMining)
    await fc.assert(property, fuzzParameters(RUNS))
  },
  fuzzTimeout(RUNS),
)

test(
  'any text → a parse error, or the answer its JSON deserves',
  async () => {
    // Text near JSON: valid messages cut short or with a character changed, and arbitrary strings.
    const text = fc.oneof(
      fc
        .tuple(
          message.map((m) => JSON.stringify(m)),
          fc.nat(),
          fc.constantFrom('', '"', ',', '}', ']', '\\', '\u0000', 'é'),
        )
        .map(([json, cut, insert]) => json.slice(0, cut % (json.length + 1)) + insert),
      fc.string({ unit: 'binary', maxLength: 40 }),
      fc.constantFrom('', ' ', 'null', 'true', '1', '"x"', '[]', '{}', '[{}]', '[[]]', '[1,2]', 'NaN', '{"jsonrpc":"2.0","id":1,"method":"eth_chainId"'),
    )
    const property = fc
      .asyncProperty(text, async (input) => {
        const loggedBefore = chain.logged.length
        const out = await chain.dispatcher.handleText(input, chain.http)
        let body: unknown
        try {
          body = JSON.parse(input)
        } catch {
          const answer = JSON.parse(out as string)
          expectWellFormedResponse(answer, null)
          // Malformed and nested too deeply: either refusal is right.
          expect([-32700, -32600]).toContain(codeOf(answer))
          return
        }
        expectAnswerToMessage(body, out === undefined ? undefined : JSON.parse(out), chain.logged.slice(loggedBefore).map(causeMessage))
      })
      .afterEach(restoreManualMining)
    await fc.assert(property, fuzzParameters(TEXT_RUNS))
  },
  fuzzTimeout(TEXT_RUNS),
)

test('100,000 levels of nesting → -32600 at once, through text and through a parsed value', async () => {
  const depth = 100_000
  const text = `${'['.repeat(depth)}${']'.repeat(depth)}`
  expectTooDeep(JSON.parse((await chain.dispatcher.handleText(text, chain.http)) as string))
  // Parsing this deep is fine for V8; the dispatcher must not recurse into it.
  expectTooDeep(await chain.dispatcher.handle(JSON.parse(text), chain.http))
  const deepParams = `{"jsonrpc":"2.0","id":1,"method":"eth_chainId","params":${'['.repeat(depth)}${']'.repeat(depth)}}`
  expectTooDeep(JSON.parse((await chain.dispatcher.handleText(deepParams, chain.http)) as string))
})
