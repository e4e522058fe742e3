import { spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { freePort } from '../../scripts/bench/freePort.ts'
import { anvilBinary } from '../../scripts/bench/targets.ts'
import { rpc } from './rpcClient.ts'

export { anvilBinary }

/** A running Anvil: its JSON-RPC address, and a way to stop it. */
export interface AnvilProcess {
  url: string
  close(): Promise<void>
}

/**
 * Starts the Anvil binary of the development dependency @foundry-rs/anvil on a free port, with
 * chainsim's defaults (chain id 31337, Prague, the same mnemonic, automine) and `extraArgs`.
 */
export async function startAnvil(binary: string, extraArgs: string[] = []): Promise<AnvilProcess> {
  const port = await freePort()
  const child: ChildProcess = spawn(
    binary,
    ['--port', String(port), '--chain-id', '31337', '--hardfork', 'prague', '--mnemonic', 'test test test test test test test test test test test junk', '--silent', ...extraArgs],
    { stdio: 'ignore' },
  )
  const url = `http://127.0.0.1:${port}`
  let exited = false
  child.once('exit', () => (exited = true))
  for (let attempt = 0; ; attempt++) {
    try {
      await rpc(url, 'eth_chainId')
      break
    } catch (error) {
      if (exited || attempt > 300) throw new Error(`Anvil did not start on port ${port}: ${String(error)}`)
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  }
  return {
    url,
    close: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGINT')
      }),
  }
}
