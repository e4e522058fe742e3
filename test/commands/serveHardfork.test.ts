import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'
import { rpc } from '../helpers/rpcClient.ts'
import { serveOneNetwork, serveWithArgs } from '../helpers/servedProcess.ts'

// `chainsim serve --hardfork NAME` as a user types it (Anvil's flag), through the real command line.

const BIN = fileURLToPath(new URL('../../src/bin/chainsim.mjs', import.meta.url))

/** Runs the command to its end: its exit code and what it printed. */
function run(args: readonly string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    child.once('exit', (code) => resolve({ code, output }))
  })
}

describe('chainsim serve --hardfork', () => {
  test('every network runs the named fork, in any case, as Anvil takes it', async () => {
    const served = await serveWithArgs(['--hardfork', 'Prague'])
    try {
      expect((await rpc(served.url, 'anvil_nodeInfo')).hardFork).toBe('Prague')
    } finally {
      await served.stop()
    }
  })

  test('it wins over the config file’s hardfork', async () => {
    const served = await serveOneNetwork({ hardfork: 'prague' }, ['--hardfork', 'osaka'])
    try {
      expect((await rpc(served.url, 'anvil_nodeInfo')).hardFork).toBe('Osaka')
    } finally {
      await served.stop()
    }
  })

  test('an unknown name exits 2 naming the accepted ones', async () => {
    const { code, output } = await run(['serve', '--port', '0', '--hardfork', 'pragueish'])
    expect(code).toBe(2)
    expect(output).toMatch(/--hardfork: unknown hardfork "pragueish" \(accepted: paris, shanghai, cancun, prague, osaka, bpo1, bpo2, latest\)/)
  })
})
