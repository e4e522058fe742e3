import { afterEach, expect, test } from 'vitest'
import { formatReport } from '../../src/scenarios/formatReport.ts'
import { playScenario, type PlayedScenario } from '../../src/scenarios/playScenario.ts'

const played: PlayedScenario[] = []
afterEach(async () => {
  await Promise.all(played.splice(0).map((p) => p.close()))
})

const scenario = {
  name: 'several failures',
  accounts: { alice: 0, bob: 1 },
  steps: [
    { name: 'a wrong chain id', rpc: 'eth_chainId', expect: { equal: 1 } },
    {
      name: 'a deployment whose address is checked wrongly',
      deploy: { contract: 'ChainsimToken', args: ['T', 'T', '1e18'] },
      as: 'token',
      expect: { equal: '0x01' },
    },
    { name: 'uses the token', call: { to: '$token', function: 'totalSupply()', returns: ['uint256'] }, as: 'supply' },
    { name: 'uses what used the token', rpc: { method: 'eth_getBalance', params: ['$supply.0', 'latest'] } },
    { name: 'does not depend on either', mine: 1 },
    { name: 'a wrong head', rpc: 'eth_blockNumber', expect: { equal: 7 } },
  ],
}

test('keepGoing plays every step that does not depend on a failed one and reports every failure', async () => {
  const result = await playScenario(scenario, { keepGoing: true })
  played.push(result)
  const { report } = result
  expect(report.ok).toBe(false)
  expect(report.steps.map((s) => s.status)).toEqual(['failed', 'failed', 'skipped', 'skipped', 'passed', 'failed'])
  expect(report.steps[2]!.skipped).toBe('it uses $token, which failed step 2 did not bind')
  expect(report.steps[3]!.skipped).toBe('it uses $supply, which failed step 2 did not bind')
  expect(report.steps[5]!.failures![0]!.message).toBe('result is not equal at (top): expected 7, got "0x2"')
  expect(formatReport(report)).toContain('  - 3. uses the token (it uses $token, which failed step 2 did not bind)')
})

test('by default playback stops at the first failure', async () => {
  const result = await playScenario(scenario)
  played.push(result)
  expect(result.report.steps.map((s) => s.status)).toEqual(['failed', 'skipped', 'skipped', 'skipped', 'skipped', 'skipped'])
  expect(result.report.steps[1]!.skipped).toBe('after step 1 failed')
})
