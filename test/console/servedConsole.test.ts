import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createPublicClient, createWalletClient, defineChain, http } from 'viem'
import type { Hex } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { hasAnvil, startAnvil } from '../helpers/anvil.ts'
import type { AnvilProcess } from '../helpers/anvil.ts'
import { consoleDemo } from '../helpers/consoleContract.ts'
import { serveOneNetwork, serveWithArgs } from '../helpers/servedProcess.ts'
import type { ServedProcess } from '../helpers/servedProcess.ts'

const chain = defineChain({ id: 31337, name: 'dev', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [] } } })
const account = mnemonicToAccount('test test test test test test test test test test test junk')
// Fees and gas named: the same signed transactions (the same hashes) on both chains, and no gas estimate to print.
const FEES = { maxFeePerGas: 10_000_000_000n, maxPriorityFeePerGas: 1_000_000_000n }

/** Deploys ConsoleDemo, sends formats() and fail() and calls formats(), waiting for each receipt. */
async function drive(url: string): Promise<void> {
  const wallet = createWalletClient({ account, chain, transport: http(url) })
  const client = createPublicClient({ chain, transport: http(url) })
  const { abi, bytecode } = consoleDemo()
  const deployed = await client.waitForTransactionReceipt({ hash: await wallet.deployContract({ abi, bytecode, gas: 10_000_000n, ...FEES }) })
  const address = deployed.contractAddress as Hex
  for (const [functionName, gas] of [
    ['formats', 1_000_000n],
    ['fail', 100_000n],
  ] as const) {
    await client.waitForTransactionReceipt({ hash: await wallet.writeContract({ address, abi, functionName, gas, ...FEES }) })
  }
  await client.call({ account: account.address, to: address, data: '0x9cc45e44' })
}

/** What a chain printed from its first transaction on, with the block hash and time (which differ; their form does not) left out. */
function transcript(output: string, from: string): string[] {
  const start = output.indexOf(from)
  if (start < 0) throw new Error(`nothing printed from "${from}":\n${output}`)
  return (
    output
      .slice(start)
      .split('\n')
      // Anvil prints each method called, as chainsim does only with --log-requests.
      .filter((line) => !/^[a-z0-9]+_\w+$/.test(line))
      .map((line) =>
        line.replace(/^( {4}Block Hash: )0x[0-9a-f]{64}$/, '$1…').replace(/^( {4}Block Time: )"\w{3}, \d{1,2} \w{3} \d{4} \d{2}:\d{2}:\d{2} \+0000"$/, '$1…'),
      )
      .join('\n')
      .trimEnd()
      .split('\n')
  )
}

describe.skipIf(!hasAnvil)('chainsim serve prints what Anvil prints', () => {
  let anvil: AnvilProcess
  let served: ServedProcess
  beforeAll(async () => {
    ;[anvil, served] = await Promise.all([startAnvil([], { keepOutput: true }), serveOneNetwork()])
    await drive(anvil.url)
    await drive(served.url)
    // What a call printed reaches stdout right after its answer.
    await new Promise((resolve) => setTimeout(resolve, 200))
  }, 120_000)
  afterAll(async () => {
    await Promise.all([anvil?.close(), served?.stop()])
  })

  test('the same lines for the deployment, a transaction, a reverted one and an eth_call, gas used included', () => {
    const printed = transcript(served.output(), 'deployed by')
    expect(printed).toEqual(transcript(anvil.output(), 'deployed by'))
    expect(printed).toContain('    Error: reverted with: nope')
    // formats() printed twice: mined, then called.
    expect(printed.filter((line) => line === '1.0023e6 1.5 0.05')).toHaveLength(2)
  })
})

describe.each([
  ['--silent', async () => serveOneNetwork({}, ['--silent'])],
  ['a config file with silent: true', async () => serveConfig({ silent: true, networks: [{ name: 'dev', chainId: 31337 }] })],
])('chainsim serve with %s', (_, start) => {
  let served: ServedProcess
  beforeAll(async () => {
    served = await start()
    await drive(served.url)
  }, 120_000)
  afterAll(() => served?.stop())

  test('prints neither the transactions nor their console.log', async () => {
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(served.output()).not.toMatch(/Transaction: 0x|deployed by|before revert/)
  })
})

/** `chainsim serve --config FILE` with this config. */
async function serveConfig(config: object): Promise<ServedProcess> {
  const dir = await mkdtemp(join(tmpdir(), 'chainsim-console-'))
  const file = join(dir, 'config.json')
  await writeFile(file, JSON.stringify(config))
  const served = await serveWithArgs(['--config', file])
  return {
    ...served,
    stop: async () => {
      await served.stop()
      await rm(dir, { recursive: true, force: true })
    },
  }
}
