import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { methodNames } from '../../src/rpc/registry.ts'
import { startChainsim, type Chainsim } from '../../src/testing/index.ts'
import { hasAnvil, startAnvil, type AnvilProcess } from '../helpers/anvil.ts'

// Every method Anvil answers, chainsim answers: a user's scripts and tools written against Anvil find each one.
// The lists are test/fixtures/anvil-methods/ (SOURCE.md says where they come from).

const fixture = (name: string) =>
  readFileSync(new URL(`../fixtures/anvil-methods/${name}`, import.meta.url), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.length > 0)

const ANVIL_REQUESTS = fixture('EthRequest.txt')
const ANSWERED_BY_ANVIL = fixture('answered-by-anvil-1.7.1.txt')

/** Names Anvil answers that chainsim leaves out on purpose, each with the reason (docs/reference/compatibility.md). */
const LEFT_OUT: Record<string, string> = {
  anvil_setFeeToken: "Tempo's fee tokens: Anvil's Tempo mode only",
  anvil_setValidatorFeeToken: "Tempo's fee tokens: Anvil's Tempo mode only",
  anvil_setFeeAmmLiquidity: "Tempo's fee AMM: Anvil's Tempo mode only",
  eth_getWork: 'proof of work: geth removed it with the merge',
  eth_submitWork: 'proof of work: geth removed it with the merge',
  eth_submitHashrate: 'proof of work: geth removed it with the merge',
  eth_hashrate: 'proof of work: geth removed it with the merge',
  debug_dbGet: "a read of geth's key-value database, which chainsim does not have",
}

describe('the methods Anvil answers', () => {
  test('the fixture lists only names of Anvil’s request enum', () => {
    expect(ANSWERED_BY_ANVIL.length).toBe(178)
    expect(ANSWERED_BY_ANVIL.filter((name) => !ANVIL_REQUESTS.includes(name))).toEqual([])
    expect(Object.keys(LEFT_OUT).filter((name) => !ANSWERED_BY_ANVIL.includes(name))).toEqual([])
  })

  test('each one Anvil 1.7.1 answers is declared, but those left out with a reason', () => {
    const declared = new Set(methodNames)
    const missing = ANSWERED_BY_ANVIL.filter((name) => !declared.has(name) && !(name in LEFT_OUT))
    expect(missing, 'methods Anvil answers that chainsim does not declare').toEqual([])
  })
})

/** Each name called with no params, as the fixture was probed: the names answered with anything but -32601. */
async function answeredNames(url: string, names: readonly string[]): Promise<Set<string>> {
  const batch = names.map((method, id) => ({ jsonrpc: '2.0', id, method, params: [] }))
  const answers: Array<{ id: number; error?: { code: number } }> = []
  // Anvil caps nothing here, chainsim's batches at 1000: one request of each size is enough.
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(batch) })
  answers.push(...((await response.json()) as typeof answers))
  return new Set(answers.filter((answer) => answer.error?.code !== -32601).map((answer) => names[answer.id] as string))
}

describe.skipIf(!hasAnvil)('probed on both nodes', () => {
  let chainsim: Chainsim
  let anvil: AnvilProcess
  beforeAll(async () => {
    ;[chainsim, anvil] = await Promise.all([startChainsim(), startAnvil()])
  }, 60_000)
  afterAll(async () => {
    await chainsim?.close()
    await anvil?.close()
  })

  test('every name of the enum that this Anvil answers, chainsim answers over HTTP too', async () => {
    // Methods that change the chain are answered too (a -32602 for the missing params mostly): each node is fresh and its own.
    const [byAnvil, byChainsim] = await Promise.all([answeredNames(anvil.url, ANVIL_REQUESTS), answeredNames(chainsim.url, ANVIL_REQUESTS)])
    const missing = [...byAnvil].filter((name) => !byChainsim.has(name) && !(name in LEFT_OUT)).sort()
    expect(missing, 'answered by Anvil, -32601 on chainsim').toEqual([])
    // 215 calls a node, a few of which mine, reset or dump: generous for a loaded machine.
  }, 120_000)
})
