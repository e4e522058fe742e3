import { spawn } from 'node:child_process'
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { parseConfig } from '../../src/config/loadConfig.ts'
import { startServer } from '../../src/server.ts'
import type { RunningServer } from '../../src/server.ts'
import { generateHistory } from '../helpers/generatedHistory.ts'
import type { GeneratedHistory } from '../helpers/generatedHistory.ts'
import { devAccount, hex } from '../helpers/rpcChain.ts'
import { rpc } from '../helpers/rpcClient.ts'
import { serveOneNetwork, serveWithArgs } from '../helpers/servedProcess.ts'
import { serve } from '../../src/commands/serve.ts'
import type { ServeOptions } from '../../src/commands/serve.ts'

// The commands as a user runs them: `serve --record` then `play`, `fixture` then `serve --fork-fixture` with the
// upstream gone, and the combinations the command line refuses.
const BIN = fileURLToPath(new URL('../../src/bin/chainsim.mjs', import.meta.url))

function run(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'] })
  let stdout = ''
  let stderr = ''
  child.stdout?.on('data', (chunk) => (stdout += chunk))
  child.stderr?.on('data', (chunk) => (stderr += chunk))
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stdout, stderr })))
}

let dir: string
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'chainsim-record-cli-'))
})
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true })
})

test('chainsim serve --record FILE, stopped by a signal, then chainsim play FILE: every step passes', async () => {
  const file = join(dir, 'session.yaml')
  const served = await serveOneNetwork({}, ['--record', file, '--reorg-profile', 'polygon', '--reorg-seed', '4'])
  let head: string
  try {
    expect(await served.printed(`Recording every state-changing call to ${file}`)).toContain(`Recording every state-changing call to ${file}`)
    for (let i = 0; i < 6; i++) await rpc(served.url, 'eth_sendTransaction', [{ from: devAccount(i).address, to: devAccount(9).address, value: hex(1000 + i) }])
    await rpc(served.url, 'sim_reorg', [{ depth: 2 }])
    await rpc(served.url, 'evm_increaseTime', [60])
    await rpc(served.url, 'anvil_mine', [2])
    head = (await rpc(served.url, 'eth_getBlockByNumber', ['latest', false])).hash
  } finally {
    await served.stop()
  }
  const recorded = await readFile(file, 'utf8')
  expect(recorded).toContain(`hash: "${head}"`)
  expect(recorded).toMatch(/reorgs:\n\s+profile: polygon\n\s+seed: 4/)
  const played = await run(['play', file])
  expect(played.stdout, played.stderr).toMatch(/✓ .*session\.yaml: Recorded from chainsim serve/)
  expect(played.code).toBe(0)
})

test("chainsim serve --record session.yaml (the guide's first command) on the default networks records dev and says once that dev-interval is not", async () => {
  const file = join(dir, 'default-session.yaml')
  const served = await serveWithArgs(['--record', file])
  try {
    const output = await served.printed('Not recording network dev-interval')
    const left = output.match(/Not recording network dev-interval: its background traffic sends transactions no call sent/g)
    expect(left, output).toHaveLength(1)
    await rpc(served.url, 'eth_sendTransaction', [{ from: devAccount(0).address, to: devAccount(1).address, value: hex(7) }])
  } finally {
    await served.stop()
  }
  const recorded = await readFile(file, 'utf8')
  expect(recorded).toContain('method: eth_sendTransaction')
  expect(recorded).not.toContain('dev-interval')
  const played = await run(['play', file])
  expect(played.stdout, played.stderr).toMatch(/✓ .*default-session\.yaml: Recorded from chainsim serve/)
  expect(played.code).toBe(0)
})

test('a config that asks for a network with background traffic is refused by --record, naming it', async () => {
  const config = join(dir, 'traffic.json')
  await writeFile(config, JSON.stringify({ networks: [{ name: 'busy', chainId: 31338, backgroundTraffic: true }] }))
  const result = await run(['serve', '--config', config, '--port', '0', '--record', join(dir, 'busy.yaml')])
  expect(result.code).toBe(2)
  expect(result.stderr).toMatch(/--record cannot record network busy: its background traffic sends transactions no call sent/)
})

describe('refused combinations, each named', () => {
  test.each([
    [
      ['serve', '--fork-url', 'http://127.0.0.1:9/', '--replay-to', '5', '--replay-speed', 'slowly'],
      /--replay-speed.*fast, realtime, or a number of times real time/,
    ],
    [
      ['serve', '--reorg-profile', 'solana'],
      /^chainsim: --reorg-profile: unknown reorg profile "solana": one of ethereum, polygon, optimism, arbitrum, bsc, none, or a profile file \(YAML or JSON\)$/m,
    ],
  ])('chainsim %j exits with a message', async (args, message) => {
    const result = await run(args as string[])
    expect(result.code).not.toBe(0)
    expect(`${result.stdout}${result.stderr}`).toMatch(message as RegExp)
    expect(result.stderr).not.toMatch(/\n\s+at /)
  })

  // Refused before anything starts: checked in-process.
  test.each([
    [{ record: 'x.yaml', state: 'state.json' }, /--record plays networks chainsim makes from a config: --state restores/],
    [
      { record: 'x.yaml', forkUrl: { url: 'http://127.0.0.1:9/' }, forkBlock: 3, replayTo: 5 },
      /--record cannot record network fork: its replay mines blocks no call asked for/,
    ],
    [{ replayTo: 12 }, /--replay-to, --replay-speed and --replay-paused replay a fork: give --fork-url/],
    [{ forkUrl: { url: 'http://127.0.0.1:9/' }, replaySpeed: 'fast' }, /--replay-speed and --replay-paused go with --replay-to/],
    [{ forkFixture: 'f.gz', forkUrl: { url: 'http://127.0.0.1:9/' } }, /--fork-fixture serves one network of its own from the file/],
    [{ reorgSeed: 3 }, /--reorg-seed goes with --reorg-profile/],
  ] as const)('serve %j', async (options, message) => {
    await expect(serve(options as ServeOptions)).rejects.toThrow(message)
  })
})

describe('chainsim fixture', () => {
  let upstream: RunningServer | undefined
  let history: GeneratedHistory

  afterAll(async () => {
    await upstream?.close()
  })

  test('packs a replayed range into one file that serve --fork-fixture replays with the upstream gone', async () => {
    upstream = await startServer(parseConfig({ networks: [{ name: 'upstream', chainId: 1337, mining: { auto: false } }] }), { port: 0 })
    const url = `${upstream.networks[0]!.httpUrl}/v3/k`
    history = await generateHistory(url, { chainId: 1337, blocks: 4 })
    const fixture = join(dir, 'range.jsonl.gz')
    const packed = await run([
      'fixture',
      '--fork-url',
      url,
      '--fork-block',
      String(history.setupHead),
      '--replay-to',
      String(history.head),
      '--output',
      fixture,
      '--cache-dir',
      join(dir, 'cache'),
    ])
    expect(packed.code, packed.stderr).toBe(0)
    expect(packed.stdout).toMatch(
      new RegExp(
        `blocks ${history.setupHead + 1n}\\.\\.${history.head} of .* replayed and checked in [\\d.]+ s; .*range\\.jsonl\\.gz: \\d+ bytes \\(\\d+ a block\\)`,
      ),
    )
    expect((await stat(fixture)).size).toBeGreaterThan(1000)
    const upstreamHashes = await Promise.all(
      Array.from({ length: Number(history.head - history.setupHead) }, (_, i) =>
        rpc(url, 'eth_getBlockByNumber', [hex(history.setupHead + 1n + BigInt(i)), false]),
      ),
    )
    await upstream.close()
    upstream = undefined
    const served = await serveWithArgs(['--fork-fixture', fixture])
    try {
      const replayLine = new RegExp(`Replay blocks ${history.setupHead + 1n}\\.\\.${history.head} as fast as it can`)
      expect(await served.printed(replayLine)).toMatch(replayLine)
      let status: Record<string, unknown> = {}
      for (let i = 0; i < 100 && status.done !== true; i++) {
        status = await rpc(served.url, 'sim_replay', [])
        if (status.done !== true) await new Promise((resolve) => setTimeout(resolve, 50))
      }
      expect(status).toMatchObject({ done: true, to: hex(history.head) })
      expect(status.mismatch).toBeUndefined()
      for (const [i, theirs] of upstreamHashes.entries()) {
        const mine = await rpc(served.url, 'eth_getBlockByNumber', [hex(history.setupHead + 1n + BigInt(i)), false])
        expect(mine.receiptsRoot).toBe(theirs.receiptsRoot)
        expect(mine.transactions).toEqual(theirs.transactions)
      }
    } finally {
      await served.stop()
    }
  })
})
