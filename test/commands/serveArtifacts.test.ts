import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { encodeFunctionData, getAddress } from 'viem'
import type { Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { USAGE_EXIT_CODE } from '../../src/commands/exitCodes.ts'
import { compileBank, creationCode, writeFoundryOut } from '../helpers/foundryOut.ts'
import { rpc } from '../helpers/rpcClient.ts'
import { serveOneNetwork } from '../helpers/servedProcess.ts'
import type { ServedProcess } from '../helpers/servedProcess.ts'

/* `chainsim serve --artifacts DIR` as a user runs it: a real process, its printed lines. */

const BIN = fileURLToPath(new URL('../../src/bin/chainsim.mjs', import.meta.url))
const DEV = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'

let dir: string
let served: ServedProcess

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'chainsim-serve-artifacts-'))
  writeFoundryOut(join(dir, 'out'), ['Bank'])
  served = await serveOneNetwork({}, ['--artifacts', join(dir, 'out')])
}, 60_000)
afterAll(async () => {
  await served?.stop()
  rmSync(dir, { recursive: true, force: true })
})

/** Waits until the process printed `text`, and answers everything it printed. */
async function printed(text: string): Promise<string> {
  for (let tries = 0; tries < 200 && !served.output().includes(text); tries++) await new Promise((resolve) => setTimeout(resolve, 25))
  return served.output()
}

describe('chainsim serve --artifacts', () => {
  test('prints the contract a transaction created and the function a transaction called', async () => {
    const deploy: Hex = await rpc(served.url, 'eth_sendTransaction', [{ from: DEV, data: creationCode('Bank') }])
    const { contractAddress } = await rpc(served.url, 'eth_getTransactionReceipt', [deploy])
    expect(await printed(`Transaction: ${deploy}`)).toContain(`    Transaction: ${deploy}\n    Contract created: ${getAddress(contractAddress)} (Bank)\n`)
    const data = encodeFunctionData({ abi: compileBank().Bank.abi, functionName: 'deposit', args: ['rent'] })
    const deposit: Hex = await rpc(served.url, 'eth_sendTransaction', [{ from: DEV, to: contractAddress, data }])
    expect(await printed(`Transaction: ${deposit}`)).toContain(`    Transaction: ${deposit} (Bank.deposit(string))\n`)
  })

  test('a folder that cannot be read is refused by name, as a usage error', async () => {
    const missing = join(dir, 'no-such-out')
    const child = spawn(process.execPath, [BIN, 'serve', '--port', '0', '--artifacts', missing], { stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
    expect(code).toBe(USAGE_EXIT_CODE)
    expect(output.trim()).toBe(`chainsim: artifacts folder ${missing} cannot be read: ENOENT`)
  }, 60_000)
})
