import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { expect, test } from 'vitest'

// The globalSetup recipe of docs/guides/test-suites.md, run as a user's suite runs it: its own vitest, its own config, worker
// threads (this suite itself runs in forks), the chain started once and read by every worker.
const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const EXAMPLE = 'test/testing/examples/globalSetup'

test('a globalSetup serves a played scenario to every worker thread', async () => {
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('VITEST') && key !== 'NODE_OPTIONS'))
  const child = spawn(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', '--root', EXAMPLE, '--reporter', 'json'], { cwd: ROOT, env })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk) => (stdout += chunk))
  child.stderr.on('data', (chunk) => (stderr += chunk))
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve))
  expect(code, stderr).toBe(0)
  const report = JSON.parse(stdout.slice(stdout.indexOf('{')))
  expect(report.numPassedTests).toBe(2)
  expect(report.numFailedTests).toBe(0)
})
