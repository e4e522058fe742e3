import { spawn } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import type { Server } from 'node:net'
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
