import { execFile, spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import type { Hex } from 'viem'
import { afterAll, describe, expect, test } from 'vitest'
import { freePort } from '../helpers/freePort.ts'
import { rpc } from '../helpers/rpcClient.ts'
import { devAccount } from '../helpers/rpcChain.ts'
import { oneNetworkConfig, serveWithState } from '../persistence/servedState.ts'

// How a served chain stops: on SIGHUP as on SIGTERM, saving its state, and when the process that launched it
// goes away (killing `npx chainsim …` stops chainsim), through the real CLI and the docs' CI snippets via npx.
const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const BIN = join(ROOT, 'src', 'bin', 'chainsim.mjs')
const run = promisify(execFile)
const dir = mkdtempSync(join(tmpdir(), 'chainsim-stop-'))
const config = oneNetworkConfig(dir)
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const transfer = (url: string) => rpc<Hex>(url, 'eth_sendTransaction', [{ from: devAccount(0).address, to: devAccount(1).address, value: '0x1' }])

/** Whether anything accepts connections on `port` of loopback. */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1')
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
}

/** Whether process `pid` still runs. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

async function waitUntil(condition: () => boolean | Promise<boolean>, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms
  while (Date.now() < deadline) {
    if (await condition()) return true
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return condition()
}

describe('chainsim serve stops, saving its state', () => {
  test('on SIGHUP, as on SIGTERM', async () => {
    const path = join(dir, 'hup.state')
    const server = await serveWithState(config, ['--state', path])
    const hash = await transfer(server.url)
    expect(await server.kill('SIGHUP')).toBe(0)
    expect(server.output()).toMatch(/SIGHUP: shutting down/)
    const again = await serveWithState(config, ['--state', path])
    try {
      expect(await rpc(again.url, 'eth_getTransactionReceipt', [hash])).not.toBeNull()
    } finally {
      await again.kill('SIGTERM')
    }
  }, 60_000)

  // Under a shell, as `npm exec` (npx) and `npm start` run it: killing npm orphans the shell, which stays chainsim's parent.
  test.each([
    ['directly', false],
    ['under a shell, as npm runs it', true],
  ])(
    'when the process that launched it %s is killed',
    async (_how, underShell) => {
      const path = join(dir, underShell ? 'orphan-shell.state' : 'orphan.state')
      const port = await freePort()
      // A launcher that starts chainsim and stays, as npx does; it is then killed outright, as `kill -9 %1` would.
      const launcherScript = join(dir, 'launcher.mjs')
      writeFileSync(
        launcherScript,
        `import { spawn } from 'node:child_process'
const args = ${JSON.stringify([BIN, 'serve', '--config', config, '--port', String(port), '--state', path])}
const child = ${underShell}
  ? spawn('sh', ['-c', '"$0" "$@"; exit $?', process.execPath, ...args], { stdio: 'inherit' })
  : spawn(process.execPath, args, { stdio: 'inherit' })
console.log('child ' + child.pid)
setInterval(() => {}, 1000)
`,
      )
      const launcher = spawn(process.execPath, [launcherScript], { stdio: ['ignore', 'pipe', 'pipe'] })
      let output = ''
      launcher.stdout.on('data', (chunk) => (output += chunk))
      launcher.stderr.on('data', (chunk) => (output += chunk))
      expect(await waitUntil(() => /HTTP\s+http/.test(output), 60_000)).toBe(true)
      const child = Number(/child (\d+)/.exec(output)?.[1])
      // The shell's child, under a shell.
      const chainsim = underShell ? Number((await run('pgrep', ['-P', String(child)])).stdout.trim()) : child
      const hash = await transfer(`http://127.0.0.1:${port}/`)
      launcher.kill('SIGKILL')
      // It notices within a second, saves and stops: the port is free and the process gone.
      expect(await waitUntil(() => !alive(chainsim), 10_000)).toBe(true)
      expect(await listening(port)).toBe(false)
      const again = await serveWithState(config, ['--state', path])
      try {
        expect(await rpc(again.url, 'eth_getTransactionReceipt', [hash])).not.toBeNull()
      } finally {
        await again.kill('SIGTERM')
      }
    },
    90_000,
  )
})

describe("the docs' CI snippets through npx", () => {
  // As docs/guides/ci.md and docs/guides/state-and-persistence.md write them: started in the background with `&`, stopped with `kill %1`, in a script (no job control).
  const snippet = (command: string, port: number) => `set -e
cd ${JSON.stringify(ROOT)}
${command} > ${JSON.stringify(join(dir, `npx-${port}.log`))} 2>&1 &
until grep -q 'HTTP  http' ${JSON.stringify(join(dir, `npx-${port}.log`))}; do
  kill -0 $! 2>/dev/null || { cat ${JSON.stringify(join(dir, `npx-${port}.log`))}; exit 1; }
  sleep 0.2
done
curl -s -H 'content-type: application/json' -d '{"jsonrpc":"2.0","id":1,"method":"eth_blockNumber","params":[]}' http://127.0.0.1:${port}/v3/ci
kill %1
`

  for (const [name, command] of [
    [
      'npx chainsim serve',
      (port: number) => `npx chainsim serve --config ${JSON.stringify(config)} --port ${port} --state ${JSON.stringify(join(dir, `npx-${port}.state`))}`,
    ],
    ['npx chainsim play --serve', (port: number) => `npx chainsim play scenarios/deep-reorg-drops-transaction.yaml --serve --port ${port}`],
  ] as const) {
    test(`${name} & … kill %1 leaves nothing running`, async () => {
      const port = await freePort()
      const { stdout } = await run('bash', ['-c', snippet(command(port), port)], { timeout: 180_000 })
      expect(JSON.parse(stdout)).toMatchObject({ result: expect.stringMatching(/^0x/) })
      expect(await waitUntil(async () => !(await listening(port)), 10_000)).toBe(true)
    }, 200_000)
  }
})
