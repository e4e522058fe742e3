import { spawn } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import type { Server, Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'

// What the `chainsim` command says when it is used wrongly, through the real command: a process, its exit code
// and what it printed. Usage errors (commander's and chainsim's own) exit 2; a failure once started exits 1.
const BIN = fileURLToPath(new URL('../../src/bin/chainsim.mjs', import.meta.url))

interface Finished {
  code: number | null
  stdout: string
  stderr: string
}

function chainsim(args: string[], untilOutput?: RegExp): Promise<Finished & { stop(): void }> {
  const child = spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'] })
  let stdout = ''
  let stderr = ''
  return new Promise((resolve) => {
    const stop = () => child.kill('SIGINT')
    child.stdout.on('data', (chunk) => {
      stdout += chunk
      if (untilOutput?.test(stdout)) resolve({ code: null, stdout, stderr, stop })
    })
    child.stderr.on('data', (chunk) => (stderr += chunk))
    child.on('exit', (code) => resolve({ code, stdout, stderr, stop }))
  })
}

/** Nothing of a stack trace: a message for the user, not for the developer. */
function expectNoStack(output: string): void {
  expect(output).not.toMatch(/^\s+at /m)
}

let dir: string
const file = (name: string) => join(dir, name)
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'chainsim-messages-'))
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('a refused config file names the key, the value and what to write', () => {
  test('an unknown key suggests the nearest valid one (exit 2)', async () => {
    await writeFile(file('typo.json'), JSON.stringify({ networks: [{ name: 'dev', chainId: 31337, minning: { auto: true } }] }))
    const run = await chainsim(['serve', '--config', file('typo.json'), '--port', '0'])
    expect(run.code).toBe(2)
    expect(run.stderr).toContain('networks.0: unknown key minning; did you mean mining?')
    expectNoStack(run.stderr)
  })

  test('a wrong value inside a union names the field, the value and what is expected (exit 2)', async () => {
    await writeFile(file('fast.yaml'), 'networks:\n  - name: dev\n    chainId: 31337\n    mining: { intervalMs: fast }\n')
    const run = await chainsim(['serve', '--config', file('fast.yaml'), '--port', '0'])
    expect(run.code).toBe(2)
    expect(run.stderr).toContain('networks.0.mining.intervalMs: "fast" is not a number of milliseconds')
    expect(run.stderr).not.toContain('Invalid input')
  })

  test('JSON that does not parse is shown at its line and column, with a caret (exit 2)', async () => {
    await writeFile(file('syntax.json'), '{\n  "networks": [\n    { "name": "dev", }\n  ]\n}\n')
    const run = await chainsim(['serve', '--config', file('syntax.json'), '--port', '0'])
    expect(run.code).toBe(2)
    expect(run.stderr).toContain(
      `is not valid JSON: Expected double-quoted property name at line 3, column 22:\n\n    { "name": "dev", }\n${' '.repeat(21)}^\n`,
    )
  })

  test('JSON cut short points at its end', async () => {
    await writeFile(file('short.json'), '{ "networks": [')
    const run = await chainsim(['serve', '--config', file('short.json'), '--port', '0'])
    expect(run.code).toBe(2)
    expect(run.stderr).toContain('Unexpected end of JSON input at line 1, column 16:\n\n{ "networks": [\n               ^\n')
  })

  test('the documented transport limits saved on their own serve the default networks', async () => {
    await writeFile(file('limits.json'), JSON.stringify({ limits: { maxBatchSize: 1000, maxJsonDepth: 64 }, rateLimit: { requestsPerSecond: 50, burst: 100 } }))
    const run = await chainsim(['serve', '--config', file('limits.json'), '--port', '0'], /dev-interval[\s\S]*HTTP/)
    run.stop()
    expect(run.stderr).toBe('')
    expect(run.stdout).toMatch(/\bdev\b[\s\S]*31337/)
    expect(run.stdout).toMatch(/dev-interval[\s\S]*31338/)
  })
})

describe("usage errors exit 2, commander's and chainsim's alike", () => {
  test.each([
    ['an unknown option', ['serve', '--prot', '9000'], /unknown option '--prot'/],
    ['a bad option value', ['serve', '--port', 'x'], /option '-p, --port <port>' argument 'x' is invalid. expected a port number, 0 to 65535/],
    ['an unknown command', ['sever'], /unknown command 'sever'/],
    ['a missing argument', ['play'], /missing required argument 'files'/],
    ['no command at all', [], /Usage: chainsim/],
    ['options that do not go together', ['serve', '--tls-cert', 'cert.pem'], /--tls-cert and --tls-key go together/],
    ['play options that do not go together', ['play', '--serve', 'a.yaml', 'b.yaml'], /--serve serves one scenario's chain/],
  ])('%s', async (_, args, message) => {
    const run = await chainsim(args)
    expect(run.code).toBe(2)
    expect(run.stderr).toMatch(message)
    expectNoStack(run.stderr)
  })

  test('--help and --version exit 0', async () => {
    expect((await chainsim(['serve', '--help'])).code).toBe(0)
    expect((await chainsim(['--version'])).code).toBe(0)
  })
})

describe('a port in use', () => {
  let held: Server
  let first: number
  /** Two neighbouring ports: the first free, the second held by another listener. */
  beforeAll(async () => {
    for (;;) {
      const probe = createServer()
      await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
      first = (probe.address() as { port: number }).port
      await new Promise((resolve) => probe.close(resolve))
      held = createServer()
      const taken = await new Promise<boolean>((resolve) => {
        held.once('error', () => resolve(false))
        held.listen(first + 1, '127.0.0.1', () => resolve(true))
      })
      if (taken) return
    }
  })
  afterAll(async () => {
    await new Promise((resolve) => held.close(resolve))
  })

  test('with --port N, names the network on N + 1, the port, and says how to choose others (exit 1)', async () => {
    await writeFile(
      file('two.json'),
      JSON.stringify({
        networks: [
          { name: 'alpha', chainId: 1 },
          { name: 'beta', chainId: 2 },
        ],
      }),
    )
    const run = await chainsim(['serve', '--config', file('two.json'), '--port', String(first)])
    expect(run.code).toBe(1)
    expect(run.stderr).toContain(`network beta cannot listen on 127.0.0.1:${first + 1}: the port is in use`)
    expect(run.stderr).toContain(`--port ${first} puts alpha on ${first}, beta on ${first + 1}`)
    expect(run.stderr).toContain('--port N')
    expect(run.stderr).toContain('"port"')
    expectNoStack(run.stderr)
  })

  test('a port from the config file is named as the network\'s "port"', async () => {
    await writeFile(file('fixed.json'), JSON.stringify({ networks: [{ name: 'gamma', chainId: 3, port: first + 1 }] }))
    const run = await chainsim(['serve', '--config', file('fixed.json')])
    expect(run.code).toBe(1)
    expect(run.stderr).toContain(`network gamma cannot listen on 127.0.0.1:${first + 1}: the port is in use`)
    expect(run.stderr).toContain(`${first + 1} is network gamma's "port" in the config file`)
  })
})

test('a default port in use with no --config names it as the default port, not a config file (exit 1)', async () => {
  // 8545 held here, or already held by another process: either way dev cannot listen on it.
  const held = createServer()
  const holding = await new Promise<boolean>((resolve) => {
    held.once('error', () => resolve(false))
    held.listen(8545, '127.0.0.1', () => resolve(true))
  })
  try {
    const run = await chainsim(['serve'])
    expect(run.code).toBe(1)
    expect(run.stderr).toContain('network dev cannot listen on 127.0.0.1:8545: the port is in use')
    expect(run.stderr).toContain('8545 is the default port of dev')
    expect(run.stderr).not.toContain('in the config file')
    expectNoStack(run.stderr)
  } finally {
    if (holding) await new Promise((resolve) => held.close(resolve))
  }
})

test('a fork upstream that accepts and never answers: the deadline said once, and the options that help named (exit 1)', async () => {
  // Every connection is kept open and never answered; destroyed at the end so that the server can close.
  const sockets: Socket[] = []
  const silent = createServer((socket) => void sockets.push(socket))
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
  const { port } = silent.address() as { port: number }
  try {
    const run = await chainsim(['serve', '--port', '0', '--fork-url', `http://127.0.0.1:${port}/`, '--fork-deadline-ms', '800'])
    expect(run.code).toBe(1)
    expect(run.stderr).toContain('no answer within the 800 ms deadline')
    expect(run.stderr.match(/no answer within/g)).toHaveLength(1)
    expect(run.stderr).toContain('--fork-deadline-ms')
    expect(run.stderr).toContain('--offline')
    expectNoStack(run.stderr)
  } finally {
    for (const socket of sockets) socket.destroy()
    await new Promise((resolve) => silent.close(resolve))
  }
}, 60_000)

describe('a refused scenario says what was meant', () => {
  test.each([
    ['sned.yaml', 'steps:\n  - sned: { from: 0, to: "0x0000000000000000000000000000000000000001", value: 1 }\n', /unknown key sned; did you mean send\?/],
    ['deep.yaml', 'steps:\n  - reorg: { deep: 1 }\n', /reorg\.deep: unknown key "deep"; did you mean depth\?/],
    ['to.yaml', 'steps:\n  - call: { to: 1, function: "balanceOf(address)", args: [] }\n', /call\.to: expected an address or \$name, got number 1$/m],
    [
      'unquoted.yaml',
      'steps:\n  - call: { to: "0x0000000000000000000000000000000000000001", function: transfer(address,uint256), args: [] }\n',
      /unknown key "uint256\)": a signature inside \{ \} is cut at its commas; quote it/,
    ],
  ])('%s (exit 1)', async (name, steps, message) => {
    await writeFile(file(name), `name: refused\n${steps}`)
    const run = await chainsim(['play', file(name)])
    expect(run.code).toBe(1)
    expect(run.stderr).toMatch(message)
    expect(run.stderr).not.toContain('Invalid input')
    expectNoStack(run.stderr)
  })

  test('a send that reverts shows the revert reason', async () => {
    await writeFile(
      file('revert.yaml'),
      [
        'name: reverted send',
        'accounts: { alice: 0, carol: 2 }',
        'steps:',
        '  - deploy: { contract: ChainsimToken, args: [Token, TOK, 1000e18], from: alice }',
        '    as: token',
        '  - send: { from: carol, to: $token, function: "transfer(address,uint256)", args: [$alice, 5e18], gas: 100000 }',
        '',
      ].join('\n'),
    )
    const run = await chainsim(['play', file('revert.yaml')])
    expect(run.code).toBe(1)
    expect(run.stdout).toMatch(/reverted in block 2 \(status 0x0: ERC20: insufficient balance\)/)
  })
})
