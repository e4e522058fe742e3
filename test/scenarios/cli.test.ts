import { spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'

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
    expect(play.stderr()).toContain(
      `chainsim: ${invalid}:5:14: step 2 "poll": changes: $nothing is not bound by an earlier step (bound so far: none)`,
    )
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
    expect(report.scenarios[0].steps.every((s: { status: string }) => s.status === 'passed')).toBe(true)
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

  test('--serve with several files is refused (exit 2)', async () => {
    const play = run(['play', '--serve', failing, invalid])
    expect(await play.exited).toBe(2)
    expect(play.stderr()).toContain('--serve serves one scenario\'s chain: give one file')
  })
})
