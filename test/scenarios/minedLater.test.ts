import { afterEach, expect, test } from 'vitest'
import { playScenario, type PlayedScenario } from '../../src/scenarios/playScenario.ts'

// Under manual mining a transaction is checked by the step that mines it, as a send under automine is.
const played: PlayedScenario[] = []
afterEach(async () => {
  await Promise.all(played.splice(0).map((p) => p.close()))
})
async function play(steps: object[]): Promise<PlayedScenario> {
  const result = await playScenario({ name: 'mined later', accounts: { alice: 0, bob: 1 }, steps })
  played.push(result)
  return result
}

const setup = [{ deploy: { contract: 'ChainsimToken', args: ['T', 'T', '1000e18'], from: 'alice' }, as: 'token' }, { mining: 'manual' }]
const overdraft = (reverts: boolean) => ({
  name: 'overdraft',
  send: { from: 'bob', to: '$token', function: 'transfer(address,uint256)', args: ['$alice', '1e18'], gas: 100000, ...(reverts ? { reverts: true } : {}) },
})
const payment = (reverts: boolean) => ({
  name: 'payment',
  send: { from: 'alice', to: '$token', function: 'transfer(address,uint256)', args: ['$bob', '1e18'], ...(reverts ? { reverts: true } : {}) },
})

test('a pooled transaction that reverts fails the step that mines it, naming the step that sent it', async () => {
  const { report } = await play([...setup, overdraft(false), { name: 'wait a block', mine: 1 }, { rpc: 'eth_blockNumber', expect: { equal: 2 } }])
  expect(report.steps.map((s) => s.status)).toEqual(['passed', 'passed', 'passed', 'failed', 'skipped'])
  expect(report.steps[3]!.failures![0]!.message).toMatch(
    /^transaction 0x[0-9a-f]{64} \(sent by step 3 "overdraft"\) reverted in block 2 \(status 0x0\); write reverts: true on that step if it should$/,
  )
})

test('…and one said to revert that succeeds fails it too; whichever step mines it (here automine switched back on)', async () => {
  const { report } = await play([...setup, payment(true), { mining: 'auto' }])
  expect(report.steps[3]).toMatchObject({ status: 'failed', kind: 'mining' })
  expect(report.steps[3]!.failures![0]!.message).toMatch(/\(sent by step 3 "payment"\) succeeded in block 2; that step expects it to revert$/)
})

test('as said, both pass; each is checked once, not again by later blocks', async () => {
  const { report } = await play([...setup, overdraft(true), payment(false), { mine: 1 }, { mine: 1 }, { reorg: { depth: 2 } }])
  expect(report.ok).toBe(true)
})
