// Hardhat's node (EDR) as a peer of the test suite, where the hardhat development dependency is installed: the
// node a Hardhat project's tests meet, with its own defaults (chain id 31337, the same dev accounts, automine).
import { spawn } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { rssMiB } from './chainsimProcess.ts'
import { freePort } from '../../test/helpers/freePort.ts'
import { rpc } from './rpc.ts'
import type { Target } from './targets.ts'

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..')

/** hardhat's command-line entry, if the development dependency is installed. */
function hardhatCli(): string | undefined {
  try {
    return join(dirname(createRequire(import.meta.url).resolve('hardhat/package.json')), 'internal', 'cli', 'bootstrap.js')
  } catch {
    return undefined
  }
}

/** `hardhat node` on a free port, in an empty project of its own (under .cache/, so it finds the checkout's hardhat). */
export async function startHardhat(): Promise<Target | undefined> {
  const cli = hardhatCli()
  if (cli === undefined) return undefined
  const project = join(root, '.cache', 'hardhat-bench')
  mkdirSync(project, { recursive: true })
  writeFileSync(join(project, 'hardhat.config.cjs'), 'module.exports = {}\n')
  const port = await freePort()
  const child = spawn(process.execPath, [cli, '--config', 'hardhat.config.cjs', 'node', '--port', String(port), '--hostname', '127.0.0.1'], {
    cwd: project,
    stdio: 'ignore',
    env: { ...process.env, HARDHAT_DISABLE_TELEMETRY_PROMPT: 'true' },
  })
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 60_000
  for (;;) {
    try {
      await rpc(url, 'eth_chainId')
      break
    } catch (error) {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error(`hardhat node did not answer at ${url}`, { cause: error })
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
  return {
    name: 'hardhat',
    url,
    wsUrl: `ws://127.0.0.1:${port}`,
    mine: async () => void (await rpc(url, 'evm_mine')),
    setAutomine: async (on) => void (await rpc(url, 'evm_setAutomine', [on])),
    reorg: async () => {
      throw new Error('hardhat node has no anvil_reorg')
    },
    rssMiB: () => rssMiB(child.pid as number),
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGINT')
      }),
  }
}
