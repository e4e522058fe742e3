import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { formatReport } from '../../src/scenarios/formatReport.ts'
import { parseScenario } from '../../src/scenarios/loadScenario.ts'
import { ScenarioError } from '../../src/scenarios/errors.ts'
import { playScenario } from '../../src/scenarios/playScenario.ts'

/** The ScenarioError a text raises (fails the test when it raises none). */
function problemsOf(text: string, file = 'broken.yaml'): ScenarioError {
  try {
    parseScenario(text, file)
  } catch (error) {
    if (error instanceof ScenarioError) return error
    throw error
  }
  throw new Error('the scenario was accepted')
}

const HEADER = 'name: broken\naccounts: { alice: 0, bob: 1 }\nsteps:\n'

describe('an invalid file is refused with the file, the line and the step', () => {
  test('an unknown key, at the key', () => {
    const error = problemsOf(`${HEADER}  - mine: 1\n  - name: pay\n    send:\n      to: $alice\n      colour: red\n`)
    expect(error.message).toBe('broken.yaml:8:7: step 2 "pay": send.colour: unknown key "colour"')
    expect(error.problems[0]).toMatchObject({ file: 'broken.yaml', line: 8, column: 7, step: { number: 2, name: 'pay' } })
  })

  test('a name no earlier step bound', () => {
    const error = problemsOf(`${HEADER}  - send: { to: $token }\n    as: token\n`)
    expect(error.message).toBe('broken.yaml:4:17: step 1 "send transaction": send.to: $token is not bound by an earlier step (bound so far: $alice, $bob)')
  })

  test('a step with no action, and one with two', () => {
    const error = problemsOf(`${HEADER}  - name: idle\n  - mine: 1\n    wait: { ms: 5 }\n`)
    expect(error.problems.map((p) => [p.line, p.step?.number, p.message])).toEqual([
      [4, 1, expect.stringContaining('the step has no action: expected one of deploy, send')],
      [5, 2, 'the step has more than one action (mine, wait): one per step'],
    ])
  })

  test('a wrong value inside a step, and a missing one', () => {
    const error = problemsOf(`${HEADER}  - wait: { ms: soon }\n  - reorg: { length: 2 }\n`)
    expect(error.message.split('\n')).toEqual([
      'broken.yaml:4:17: step 1 "wait": wait.ms: expected milliseconds on the scenario clock (filters expire, interval mining runs), got string "soon"',
      'broken.yaml:5:12: step 2 "reorg": reorg.depth: missing (number required)',
    ])
  })

  test('names, accounts, networks, methods and signatures are checked before anything runs', () => {
    const error = problemsOf(
      `${HEADER}  - network: l2\n    mine: 1\n  - send: { from: carol, to: $bob }\n  - fault: { method: eth_getLog, count: 2, latencyMs: 5 }\n` +
        '  - call: { to: $bob, function: "balanceOf(address,uint)", returns: [uint7] }\n  - changes: $alice\n',
    )
    expect(error.message.split('\n')).toEqual([
      'broken.yaml:4:14: step 1 "mine 1": network: no network "l2" (networks: dev)',
      'broken.yaml:6:19: step 2 "send transaction": send.from: no account named "carol" (accounts: alice, bob)',
      'broken.yaml:7:22: step 3 "fault on eth_getLog": fault.method: chainsim has no method eth_getLog',
      'broken.yaml:8:70: step 4 "call balanceOf(address,uint)": call.returns.0: invalid type uint7: the size must be 8 to 256, a multiple of 8',
      'broken.yaml:9:14: step 5 "changes of $alice": changes: $alice is not a filter or subscription (bind one with a filter or subscribe step)',
    ])
  })

  test('a malformed signature', () => {
    expect(problemsOf(`${HEADER}  - call: { to: $bob, function: "balanceOf(address" }\n`).message).toBe(
      'broken.yaml:4:33: step 1 "call": call.function: expected a function signature such as transfer(address,uint256)',
    )
  })

  test('YAML that does not parse: the first fault only, with its line and a caret under it', () => {
    const error = problemsOf('name: x\nsteps:\n  - mine: [1, 2\n  - wait\n')
    expect(error.problems).toHaveLength(1)
    expect(error.message).toMatch(/^broken\.yaml:4:3: not valid YAML: .*\n 4 \| {3}- wait\n {3}\| {3}\^$/)
    // One unquoted `: ` in a value: one problem, which says what to do.
    const colon = problemsOf(`${HEADER}  - name: pay: Bob\n    mine: 1\n  - name: again: later\n    mine: 1\n`)
    expect(colon.message).toBe(
      'broken.yaml:4:11: not valid YAML: Nested mappings are not allowed in compact mappings (quote a value that holds ": ")\n 4 |   - name: pay: Bob\n   |           ^',
    )
  })

  test('$i only in a step with repeat; i is no account or step name', () => {
    const error = problemsOf(`name: r\naccounts: { i: 0 }\nsteps:\n  - repeat: 2\n    rpc: { method: eth_getBlockByNumber, params: [$i, false] }\n`)
    expect(error.message).toBe('broken.yaml:2:13: accounts.i: "i" is the iteration number of steps with repeat; name the account otherwise')
    const outside = problemsOf(`${HEADER}  - rpc: { method: eth_getBlockByNumber, params: [$i, false] }\n  - rpc: eth_chainId\n    as: i\n`)
    expect(outside.message.split('\n')).toEqual([
      'broken.yaml:4:51: step 1 "rpc eth_getBlockByNumber": rpc.params.0: $i is the iteration number of a step with repeat; this step has none',
      'broken.yaml:6:9: step 2 "rpc eth_chainId": as: "i" is the iteration number of steps with repeat; bind another name',
    ])
  })

  test('a filter or subscription without a name must expect an error', () => {
    const error = problemsOf(`${HEADER}  - filter: blocks\n  - subscribe: newHeads\n  - filter: { blockHash: '0x01' }\n    expect: { error: true }\n`)
    expect(error.message.split('\n')).toEqual([
      'broken.yaml:4:13: step 1 "filter blocks": filter: a filter needs `as` (a name for changes to read it by), unless it expects an error',
      'broken.yaml:5:16: step 2 "subscribe newHeads": subscribe: a subscription needs `as` (a name for changes to read it by), unless it expects an error',
    ])
  })

  test('JSON is read by the same parser, with positions', () => {
    const error = problemsOf('{ "name": "j",\n  "steps": [{ "mine": 1 },\n            { "mine": "x" }] }', 'broken.json')
    expect(error.message).toBe('broken.json:3:23: step 2 "mine": mine: expected number or object, got string')
  })

  test('a scenario given as an object is checked the same way, without lines', async () => {
    await expect(playScenario({ name: 'obj', steps: [{ mine: 1, wait: { ms: 1 } }] })).rejects.toThrow(
      '<object>: step 1 "mine": the step has more than one action (mine, wait): one per step',
    )
    await expect(playScenario({ name: 'obj', steps: [{ mine: -1 }] }, { label: 'built in a test' })).rejects.toThrow(
      'built in a test: step 1 "mine": mine: Too small: expected number to be >=0',
    )
  })
})

test('large unquoted numbers are read exactly from the text', () => {
  const { scenario } = parseScenario('name: n\nsteps:\n  - rpc: eth_chainId\n    expect: { equal: [250e18, 123456789012345678901234567, 1.5e3] }\n')
  expect((scenario.steps[0] as { expect: { equal: unknown } }).expect.equal).toEqual([250n * 10n ** 18n, 123456789012345678901234567n, 1500])
})

describe('a failing step', () => {
  let dir: string
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'chainsim-scenario-'))
  })
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true })
  })

  test('fails the report, names its step and line, shows a diff, and skips the rest', async () => {
    const path = join(dir, 'wrong.yaml')
    await writeFile(
      path,
      [
        'name: wrong expectations',
        'accounts: { alice: 0, bob: 1 }',
        'steps:',
        '  - deploy: { contract: ChainsimToken, args: [T, T, 1000e18] }',
        '    as: token',
        '  - name: Bob has tokens',
        '    call: { to: $token, function: "balanceOf(address)", args: [$bob], returns: [uint256] }',
        '    expect: { equal: 5 }',
        '  - mine: 1',
      ].join('\n'),
    )
    const played = await playScenario(path)
    try {
      const { report } = played
      expect(report.ok).toBe(false)
      expect(report.steps.map((s) => s.status)).toEqual(['passed', 'failed', 'skipped'])
      const failed = report.steps[1]!
      expect(failed).toMatchObject({ number: 2, name: 'Bob has tokens', line: 6 })
      expect(failed.failures![0]!.message).toBe('result is not equal at (top): expected 5, got "0"')
      const text = formatReport(report)
      expect(text).toContain(`✗ 2. Bob has tokens`)
      expect(text).toContain(`${path}:6: step 2 "Bob has tokens": result is not equal`)
      expect(text).toContain('      - 5\n      + "0"')
      expect(text).toContain('  - 3. mine 1')
      // Playback stopped at the failure: the mine step never ran.
      expect(played.node.head.number).toBe(1n)
    } finally {
      await played.close()
    }
  })

  test('a call that fails without an expected error fails its step with the code and message', async () => {
    const played = await playScenario({
      name: 'bad call',
      steps: [{ name: 'bad block', rpc: { method: 'eth_getBlockByNumber', params: ['0xzz', false] } }],
    })
    try {
      expect(played.report.steps[0]!.failures![0]!.message).toMatch(/^the call failed: -32602 invalid argument 0: /)
    } finally {
      await played.close()
    }
  })

  test('an expected error that does not come fails, and so does a transfer that reverts unannounced', async () => {
    const played = await playScenario({
      name: 'wrong errors',
      accounts: { alice: 0, bob: 1 },
      steps: [{ rpc: 'eth_chainId', expect: { error: { code: -32000 } } }],
    })
    const reverting = await playScenario({
      name: 'revert',
      accounts: { alice: 0, bob: 1 },
      steps: [
        { deploy: { contract: 'ChainsimToken', args: ['T', 'T', '1e18'] }, as: 'token' },
        { send: { from: 'bob', to: '$token', function: 'transfer(address,uint256)', args: ['$alice', 1] } },
      ],
    })
    try {
      expect(played.report.steps[0]!.failures![0]!.message).toBe('expected an error, got a result: "0x7a69"')
      expect(reverting.report.steps[1]!.failures![0]!.message).toMatch(
        /^transaction 0x[0-9a-f]{64} reverted in block 2 \(status 0x0: ERC20: insufficient balance\); write reverts: true if it should$/,
      )
    } finally {
      await Promise.all([played.close(), reverting.close()])
    }
  })
})
