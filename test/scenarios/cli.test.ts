import { spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { expectEach } from '../helpers/expectEach.ts'

// `chainsim play` as a CI job runs it: a real process, its exit code, its output.
const BIN = fileURLToPath(new URL('../../src/bin/chainsim.mjs', import.meta.url))
const EXAMPLE = (name: string) => fileURLToPath(new URL(`../../scenarios/${name}`, import.meta.url))

interface Run {
  child: ChildProcess
  stdout: () => string
  stderr: () => string
  exited: Promise<number | null>
}

function run(args: string[]): Run {
  const child = spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'] })
  let stdout = ''
  let stderr = ''
  child.stdout?.on('data', (chunk) => (stdout += chunk))
  child.stderr?.on('data', (chunk) => (stderr += chunk))
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  return { child, stdout: () => stdout, stderr: () => stderr, exited }
}

describe('chainsim play', () => {
  let dir: string
  let failing: string
  let invalid: string
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'chainsim-play-'))
    failing = join(dir, 'failing.yaml')
    invalid = join(dir, 'invalid.yaml')
    await writeFile(failing, 'name: wrong head\nsteps:\n  - mine: 2\n  - name: the head\n    rpc: eth_blockNumber\n    expect: { equal: 3 }\n')
    await writeFile(invalid, 'name: typo\nsteps:\n  - mine: 1\n  - name: poll\n    changes: $nothing\n')
  })
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true })
  })

  test('✓ for each passing step; ✗, where, a diff and the file/line/step message on failure; exit 1', async () => {
    const play = run(['play', EXAMPLE('pending-logs.yaml'), EXAMPLE('two-networks.json'), failing, invalid])
    expect(await play.exited).toBe(1)
    expect(play.stdout()).toMatch(/✓ .*pending-logs\.yaml: Pending logs become mined \(\d+ ms\)/)
    expect(play.stdout()).toContain('  ✓ 7. the pool feed announced it (')
    expect(play.stdout()).toContain('  ✓ 1. rpc eth_chainId [l1] (')
    expect(play.stdout()).toContain(`✗ ${failing}: wrong head`)
    expect(play.stdout()).toContain(`  ✗ 2. the head`)
    expect(play.stdout()).toContain(`${failing}:4: step 2 "the head": result is not equal at (top): expected 3, got "0x2"`)
    expect(play.stdout()).toContain('      - 3\n      + "0x2"')
    expect(play.stderr()).toContain(`chainsim: ${invalid}:5:14: step 2 "poll": changes: $nothing is not bound by an earlier step (bound so far: none)`)
    expect(play.stdout()).toContain('4 scenarios: 2 passed, 2 failed')
  })

  test('exit 0 when every file passes', async () => {
    const play = run(['play', EXAMPLE('erc20-transfers.yaml')])
    expect(await play.exited, play.stdout() + play.stderr()).toBe(0)
    expect(play.stdout()).toMatch(/^✓ .*erc20-transfers\.yaml: ERC-20 transfers and their logs/)
  })

  test('--json: one machine-readable report on stdout, exit 1 when anything failed', async () => {
    const play = run(['play', '--json', EXAMPLE('reorg-moves-transfer.yaml'), failing, invalid])
    expect(await play.exited).toBe(1)
    const report = JSON.parse(play.stdout())
    expect(report.ok).toBe(false)
    expect(report.scenarios.map((s: { ok: boolean }) => s.ok)).toEqual([true, false, false])
    expectEach(report.scenarios[0].steps as Array<{ status: string }>, (step, label) => expect(step.status, label).toBe('passed'))
    expect(report.scenarios[1].steps[1]).toMatchObject({
      number: 2,
      name: 'the head',
      kind: 'rpc',
      status: 'failed',
      line: 4,
      failures: [{ message: 'result is not equal at (top): expected 3, got "0x2"', expected: 3, actual: '0x2' }],
    })
    expect(report.scenarios[2]).toMatchObject({
      file: invalid,
      ok: false,
      problems: [{ file: invalid, line: 5, column: 14, step: { number: 2, name: 'poll' }, path: 'changes' }],
    })
  })

  test('--serve keeps the played chain serving, faults still armed, until SIGINT', async () => {
    const play = run(['play', EXAMPLE('flaky-rpc.yaml'), '--serve', '--port', '0'])
    try {
      const deadline = Date.now() + 20_000
      let match: RegExpMatchArray | null = null
      while (!(match = play.stdout().match(/HTTP\s+(http:\/\/127\.0\.0\.1:\d+)/)) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
      expect(match, play.stdout() + play.stderr()).not.toBeNull()
      expect(play.stdout()).toContain('✓ ')
      const post = (method: string) =>
        fetch(`${match![1]}/v3/ci`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: method === 'eth_getLogs' ? [{ fromBlock: '0x0' }] : [] }),
        })
      expect((await post('eth_blockNumber')).status).toBe(200)
      // The scenario's last step left three 503s armed for eth_getLogs.
      const statuses = []
      for (let i = 0; i < 4; i++) statuses.push((await post('eth_getLogs')).status)
      expect(statuses).toEqual([503, 503, 503, 200])
    } finally {
      play.child.kill('SIGINT')
    }
    expect(await play.exited).toBe(0)
  })

  test('--jobs 2 plays in worker threads; the output is the serial one, grouped per file, in file order', async () => {
    const files = [EXAMPLE('pending-logs.yaml'), failing, EXAMPLE('two-networks.json'), invalid, EXAMPLE('reorg-moves-transfer.yaml')]
    const [parallel, serial] = [run(['play', '--jobs', '2', ...files]), run(['play', '--jobs', '1', ...files])]
    expect(await parallel.exited).toBe(1)
    expect(await serial.exited).toBe(1)
    const untimed = (text: string) => text.replace(/\(\d+(\.\d+)? ms\)/g, '(… ms)')
    expect(untimed(parallel.stdout())).toBe(untimed(serial.stdout()))
    expect(parallel.stderr()).toBe(serial.stderr())
    const order = [...parallel.stdout().matchAll(/^[✓✗] (\S+):/gm)].map((m) => m[1])
    expect(order).toEqual([files[0], files[1], files[2], files[4]])
  })

  test('--shard I/N: the N slices hold each file once, whatever order the files are given in', async () => {
    const files = ['pending-logs.yaml', 'two-networks.json', 'erc20-transfers.yaml'].map(EXAMPLE)
    const playedIn = async (shard: string, list: string[]) => {
      const play = run(['play', '--shard', shard, '--reporter', 'json', '--jobs', '1', ...list])
      expect(await play.exited, play.stderr()).toBe(0)
      return (JSON.parse(play.stdout()).scenarios as Array<{ file: string }>).map((s) => s.file)
    }
    const [first, second] = await Promise.all([playedIn('1/2', files), playedIn('2/2', [...files].reverse())])
    expect([...first, ...second].sort()).toEqual([...files].sort())
  })

  test('--reporter junit --output --keep-going: a test case per step with file, line and diff; text on stdout', async () => {
    const report = join(dir, 'report.xml')
    const several = join(dir, 'several.yaml')
    await writeFile(
      several,
      'name: several\nsteps:\n  - rpc: eth_chainId\n    expect: { equal: 1 }\n    as: id\n  - rpc: { method: eth_getBalance, params: [$id, latest] }\n  - mine: 1\n  - rpc: eth_blockNumber\n    expect: { equal: 5 }\n',
    )
    const play = run(['play', '--reporter', 'junit', '--output', report, '--keep-going', EXAMPLE('pending-logs.yaml'), failing, invalid, several])
    expect(await play.exited).toBe(1)
    expect(play.stdout()).toContain(`✗ ${failing}: wrong head`)
    // --keep-going: what does not use the failed step's $id is played; what does is skipped, saying why.
    expect(play.stdout()).toContain('  - 2. rpc eth_getBalance (it uses $id, which failed step 1 did not bind)')
    expect(play.stdout()).toMatch(/ {2}✓ 3\. mine 1 \(/)
    expect(play.stdout()).toContain(`${several}:8: step 4 "rpc eth_blockNumber": result is not equal at (top): expected 5, got "0x1"`)
    const xml = await readFile(report, 'utf8')
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<testsuites name="chainsim play" tests="22" failures="3" errors="1" skipped="1" time="[\d.]+">/,
    )
    expect(xml).toContain(`<testsuite name="Pending logs become mined" file="${EXAMPLE('pending-logs.yaml')}" tests="15" failures="0" errors="0" skipped="0"`)
    expect(xml).toMatch(/<testcase name="7\. the pool feed announced it" classname="[^"]+" file="[^"]+" line="\d+" time="[\d.]+"\/>/)
    expect(xml).toContain(
      `<failure message="result is not equal at (top): expected 3, got &quot;0x2&quot;" type="expectation">${failing}:4: result is not equal at (top): expected 3, got "0x2"\n- expected\n+ actual\n- 3\n+ "0x2"</failure>`,
    )
    expect(xml).toContain(`<error message="${invalid}:5:14: step 2 &quot;poll&quot;: changes: $nothing is not bound`)
    expect(xml.match(/<testcase /g)).toHaveLength(22)
    expect(xml.match(/<testsuite /g)).toHaveLength(4)
    expect(xml).toContain('<skipped message="it uses $id, which failed step 1 did not bind"/>')
  })

  test('--reporter tap: a subtest per file, a point per step, YAML diagnostics on failure', async () => {
    const play = run(['play', '--reporter', 'tap', '--jobs', '1', EXAMPLE('two-networks.json'), failing])
    expect(await play.exited).toBe(1)
    const tap = play.stdout()
    expect(tap.startsWith('TAP version 14\n1..2\n# Subtest: ')).toBe(true)
    expect(tap).toContain('    ok 1 - rpc eth_chainId\n')
    expect(tap).toMatch(/\nok 1 - \S+two-networks\.json: /)
    expect(tap).toContain('    not ok 2 - the head\n      ---\n      at:\n')
    expect(tap).toContain('        line: 4\n      failures:\n')
    expect(tap).toContain(`\nnot ok 2 - ${failing}: wrong head\n`)
  })

  test('a bad --shard or --reporter is refused by commander, naming the option', async () => {
    const bad = run(['play', '--shard', '3/2', '--reporter', 'xml', failing])
    expect(await bad.exited).not.toBe(0)
    expect(bad.stderr()).toContain("option '--shard <i/n>' argument '3/2' is invalid. --shard 3/2: expected I/N with 1 ≤ I ≤ N")
  })

  test('--serve with several files is refused (exit 2)', async () => {
    const play = run(['play', '--serve', failing, invalid])
    expect(await play.exited).toBe(2)
    expect(play.stderr()).toContain("--serve serves one scenario's chain: give one file")
  })
})
