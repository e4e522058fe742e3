import { spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { serveWithArgs, type ServedProcess } from '../helpers/servedProcess.ts'

/**
 * A Hardhat 2 project's own tests, unchanged, against a served chainsim over HTTP: test/e2e/hardhatProject/ uses
 * hardhat-network-helpers (`loadFixture`, `time`, `mine`, impersonation, `setBalance`) and hardhat-predeploy, which
 * both refuse a node whose `web3_clientVersion` they do not know as a development network. Only the URL differs
 * from a project pointed at Anvil.
 */
const PROJECT = fileURLToPath(new URL('./hardhatProject/', import.meta.url))
const HARDHAT_CLI = createRequire(import.meta.url).resolve('hardhat/internal/cli/cli.js')

let served: ServedProcess
let out: string
beforeAll(async () => {
  served = await serveWithArgs([])
  out = await mkdtemp(join(tmpdir(), 'chainsim-hardhat-'))
}, 60_000)
afterAll(async () => {
  await served?.stop()
  if (out) await rm(out, { recursive: true, force: true })
})

function hardhatTest(): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [HARDHAT_CLI, 'test'], {
      cwd: PROJECT,
      env: { ...process.env, CHAINSIM_URL: served.url, HARDHAT_OUT: out, HARDHAT_DISABLE_TELEMETRY_PROMPT: 'true', FORCE_COLOR: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    child.once('exit', (code) => resolve({ code, output }))
  })
}

test('`hardhat test` of a project using the network helpers and predeploy passes against chainsim', async () => {
  const { code, output } = await hardhatTest()
  expect(output).toMatch(/7 passing/)
  expect(output).not.toMatch(/failing/)
  expect(code, output).toBe(0)
}, 180_000)
