import { spawn } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createPublicClient, http } from 'viem'
import type { EIP1193RequestFn, Hex } from 'viem'
import { afterAll, describe, expect, test } from 'vitest'
import { startChainsim } from '../../src/testing/index.ts'
import { hasAnvil, startAnvil } from '../helpers/anvil.ts'
import { MERGED_AT_GENESIS } from '../helpers/gethForks.ts'
import { serveWithArgs } from '../helpers/servedProcess.ts'
import type { ServedProcess } from '../helpers/servedProcess.ts'

// Anvil's flags on `chainsim serve`, through the real command: a process on a free port, asked over HTTP by viem.
// Where Anvil has the flag, the same flags go to both and the answers are compared.
const BIN = fileURLToPath(new URL('../../src/bin/chainsim.mjs', import.meta.url))
const ETHER = 10n ** 18n

type Request = EIP1193RequestFn
const requestOf = (url: string): Request => createPublicClient({ transport: http(url) }).request as Request
const call = (request: Request, method: string, params: unknown[] = []) => request({ method, params } as never) as Promise<unknown>

/** What a chain shaped by the flags answers: chain id, accounts and their balances, and its newest block. */
async function chainShape(url: string) {
  const request = requestOf(url)
  const accounts = (await call(request, 'eth_accounts')) as Hex[]
  const balances = await Promise.all(accounts.map((a) => call(request, 'eth_getBalance', [a, 'latest'])))
  const block = (await call(request, 'eth_getBlockByNumber', ['latest', false])) as Record<string, unknown>
  return {
    chainId: await call(request, 'eth_chainId'),
    accounts,
    balances,
    gasLimit: block['gasLimit'],
    baseFeePerGas: block['baseFeePerGas'],
    timestamp: block['timestamp'],
  }
}

/** A process's whole run: its exit code and what it printed (for the flags refused before it serves). */
function refusedRun(args: string[]): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, [BIN, 'serve', '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'pipe'] })
  let stderr = ''
  child.stderr.on('data', (chunk) => (stderr += chunk))
  child.stdout.on('data', (chunk) => {
    if (String(chunk).includes('HTTP')) child.kill('SIGINT')
  })
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stderr })))
}

const served: ServedProcess[] = []
async function serve(args: string[]): Promise<ServedProcess> {
  const process = await serveWithArgs(args)
  served.push(process)
  return process
}
afterAll(async () => {
  await Promise.all(served.map((s) => s.stop()))
})

// A contract of 30,000 bytes of code (STOP), past EIP-170's 24,576: initcode that copies the code after it and
// returns it.
const BIG_RUNTIME_BYTES = 30_000
const BIG_DEPLOY: Hex = `0x61753080600c6000396000f3${'00'.repeat(BIG_RUNTIME_BYTES)}`

describe('the chain flags, the same on chainsim and Anvil', () => {
  const shaping = [
    '--chain-id',
    '4242',
    '-a',
    '3',
    '--balance',
    '15',
    '--gas-limit',
    '40000000',
    '--base-fee',
    '3000000000',
    '--timestamp',
    '1700000000',
    '--derivation-path',
    "m/44'/60'/0'/1/",
    '--gas-price',
    '7000000000',
  ]

  test.skipIf(!hasAnvil)('--chain-id, -a, --balance, --gas-limit, --base-fee, --timestamp, --derivation-path, --gas-price', async () => {
    const [chainsim, anvil] = await Promise.all([serve(shaping), startAnvil(shaping)])
    try {
      const [ours, theirs] = await Promise.all([chainShape(chainsim.url), chainShape(anvil.url)])
      expect(ours).toEqual(theirs)
      expect(ours.chainId).toBe('0x1092')
      expect(ours.accounts).toHaveLength(3)
      expect(ours.balances).toEqual(Array(3).fill(`0x${(15n * ETHER).toString(16)}`))
      expect([ours.gasLimit, ours.baseFeePerGas, ours.timestamp]).toEqual(['0x2625a00', '0xb2d05e00', '0x6553f100'])
      // The next block runs on from the genesis time, not from the wall clock, on both.
      const [ourNext, theirNext] = await Promise.all(
        [chainsim.url, anvil.url].map(async (url) => {
          const request = requestOf(url)
          await call(request, 'evm_mine')
          return Number(((await call(request, 'eth_getBlockByNumber', ['latest', false])) as { timestamp: Hex }).timestamp)
        }),
      )
      expect(ourNext! - 1_700_000_000).toBeGreaterThanOrEqual(1)
      expect(ourNext! - 1_700_000_000).toBeLessThan(120)
      expect(Math.abs(ourNext! - theirNext!)).toBeLessThan(60)
    } finally {
      await anvil.close()
    }
  })

  test.skipIf(!hasAnvil)('--disable-block-gas-limit and --block-base-fee-per-gas', async () => {
    const flags = ['--disable-block-gas-limit', '--block-base-fee-per-gas', '7']
    const [chainsim, anvil] = await Promise.all([serve(flags), startAnvil(flags)])
    try {
      const [ours, theirs] = await Promise.all([chainShape(chainsim.url), chainShape(anvil.url)])
      expect([ours.gasLimit, ours.baseFeePerGas]).toEqual([theirs.gasLimit, theirs.baseFeePerGas])
      expect(ours.gasLimit).toBe('0xffffffffffffffff')
      expect(ours.baseFeePerGas).toBe('0x7')
    } finally {
      await anvil.close()
    }
  })
})

describe('mining, order, code size and tracing flags', () => {
  test('--no-mining, --order fifo, --disable-code-size-limit and --steps-tracing: a 30,000-byte contract deploys, in arrival order', async () => {
    const chainsim = await serve(['--no-mining', '--order', 'fifo', '--disable-code-size-limit', '--steps-tracing'])
    const request = requestOf(chainsim.url)
    const [first, second, third] = (await call(request, 'eth_accounts')) as Hex[]
    const send = (tx: Record<string, unknown>) => call(request, 'eth_sendTransaction', [tx]) as Promise<Hex>
    const lowTip = await send({ from: first, to: third, value: '0x1', maxPriorityFeePerGas: '0x1', maxFeePerGas: '0x77359400' })
    const highTip = await send({ from: second, to: third, value: '0x1', maxPriorityFeePerGas: '0x3b9aca00', maxFeePerGas: '0x77359400' })
    const deploy = await send({ from: third, data: BIG_DEPLOY, gas: '0x989680' })
    expect(await call(request, 'eth_blockNumber')).toBe('0x0')
    await call(request, 'evm_mine')
    const block = (await call(request, 'eth_getBlockByNumber', ['latest', false])) as { transactions: Hex[] }
    expect(block.transactions).toEqual([lowTip, highTip, deploy])
    const receipt = (await call(request, 'eth_getTransactionReceipt', [deploy])) as { status: Hex; contractAddress: Hex }
    expect(receipt.status).toBe('0x1')
    const code = (await call(request, 'eth_getCode', [receipt.contractAddress, 'latest'])) as Hex
    expect((code.length - 2) / 2).toBe(BIG_RUNTIME_BYTES)
    const trace = (await call(request, 'debug_traceTransaction', [deploy, {}])) as { structLogs: unknown[] }
    expect(trace.structLogs.length).toBeGreaterThan(0)
  })

  test.skipIf(!hasAnvil)('without --disable-code-size-limit the 30,000-byte contract is refused, as on Anvil; --code-size-limit 30000 takes it', async () => {
    const deployOn = async (url: string) => {
      const request = requestOf(url)
      const [from] = (await call(request, 'eth_accounts')) as Hex[]
      const hash = await call(request, 'eth_sendTransaction', [{ from, data: BIG_DEPLOY, gas: '0x989680' }])
      // Anvil mines a sent transaction just after answering.
      for (let tries = 0; ; tries++) {
        const receipt = (await call(request, 'eth_getTransactionReceipt', [hash])) as { status: Hex } | null
        if (receipt || tries === 50) return receipt?.status
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
    }
    const [limited, raised, anvil, anvilRaised] = await Promise.all([
      serve([]),
      serve(['--code-size-limit', '30000']),
      startAnvil(),
      startAnvil(['--code-size-limit', '30000']),
    ])
    try {
      expect(await deployOn(anvil.url)).toBe('0x0')
      expect(await deployOn(limited.url)).toBe('0x0')
      expect(await deployOn(anvilRaised.url)).toBe('0x1')
      expect(await deployOn(raised.url)).toBe('0x1')
    } finally {
      await Promise.all([anvil.close(), anvilRaised.close()])
    }
  })

  test('-b 0.5 mines a block every half second with no transaction, and none per transaction', async () => {
    const chainsim = await serve(['-b', '0.5'])
    const request = requestOf(chainsim.url)
    expect(await call(request, 'anvil_getAutomine')).toBe(false)
    await new Promise((resolve) => setTimeout(resolve, 1800))
    expect(Number(await call(request, 'eth_blockNumber'))).toBeGreaterThanOrEqual(2)
    expect(chainsim.output()).toContain('dev  chain id 31337  (every 500 ms)')
  })

  test('-m and -p: the accounts of another mnemonic, on the port given', async () => {
    const port = await freePort()
    const mnemonic = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about'
    const chainsim = await serveWithArgs(['-p', String(port), '-m', mnemonic])
    served.push(chainsim)
    expect(chainsim.url).toContain(`:${port}/`)
    const [account] = (await call(requestOf(chainsim.url), 'eth_accounts')) as Hex[]
    // BIP-44's first Ethereum account of the all-"abandon" test mnemonic.
    expect(account).toBe('0x9858effd232b4033e47d90003d41ec34ecaeda94')
    expect(chainsim.output()).toContain(`Mnemonic:          ${mnemonic}`)
  })

  test('--prune-history N keeps the state of the newest N blocks only', async () => {
    const chainsim = await serve(['--prune-history', '2'])
    const request = requestOf(chainsim.url)
    const [from, to] = (await call(request, 'eth_accounts')) as Hex[]
    // Each block changes the state: empty blocks would share block 1's state with the head, which is always kept.
    for (let i = 0; i < 4; i++) await call(request, 'eth_sendTransaction', [{ from, to, value: '0x1' }])
    await expect(call(request, 'eth_getBalance', [to, '0x1'])).rejects.toThrow(/state of block 1 .*newest 2 blocks/)
    expect(await call(request, 'eth_getBalance', [to, '0x3'])).toBe(`0x${(10_000n * ETHER + 3n).toString(16)}`)
  })
})

describe('which network the chain flags shape', () => {
  test('the default networks: dev takes them, dev-interval stays as it is', async () => {
    const chainsim = await serve(['--chain-id', '5', '-a', '2'])
    expect(await call(requestOf(chainsim.url), 'eth_chainId')).toBe('0x5')
    expect(chainsim.output()).toMatch(/dev {2}chain id 5 {2}\(automine\)/)
    expect(chainsim.output()).toMatch(/dev-interval {2}chain id 31338 {2}\(every 2000 ms\)/)
  })

  test("--config: they override the file's first network, key names of Hardhat's included, and leave the rest", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'chainsim-flags-'))
    try {
      const config = join(dir, 'config.json')
      await writeFile(
        config,
        JSON.stringify({
          networks: [
            { name: 'a', chainId: 1, blockGasLimit: 5_000_000, accounts: { count: 5, accountsBalance: '9' } },
            { name: 'b', chainId: 2, mining: { auto: false } },
          ],
        }),
      )
      const chainsim = await serve(['--config', config, '--gas-limit', '6000000', '-a', '3', '--chain-id', '11'])
      const shape = await chainShape(chainsim.url)
      expect(shape).toMatchObject({ chainId: '0xb', gasLimit: '0x5b8d80', balances: ['0x9', '0x9', '0x9'] })
      expect(chainsim.output()).toMatch(/b {2}chain id 2 {2}\(manual\)/)
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})

describe('the fork flags in their Anvil forms', () => {
  test('--fork-url URL@BLOCK and --fork-block-number fork at that block, shaped by the chain flags', async () => {
    const upstream = await startChainsim()
    try {
      await upstream.request({ method: 'anvil_mine', params: ['0x4'] } as never)
      const atTwo = await serve(['--fork-url', `${upstream.url}@2`, '--chain-id', '99', '-a', '2', '--balance', '7'])
      const fork = requestOf(atTwo.url)
      expect(await call(fork, 'eth_blockNumber')).toBe('0x2')
      // The chain flags shape the fork, as they shape Anvil's.
      expect(await call(fork, 'eth_chainId')).toBe('0x63')
      const accounts = (await call(fork, 'eth_accounts')) as Hex[]
      expect(accounts).toHaveLength(2)
      expect(await call(fork, 'eth_getBalance', [accounts[1], 'latest'])).toBe(`0x${(7n * ETHER).toString(16)}`)
      // -f is Anvil's short name of --fork-url.
      const atThree = await serve(['-f', upstream.url, '--fork-block-number', '3'])
      expect(await call(requestOf(atThree.url), 'eth_blockNumber')).toBe('0x3')
    } finally {
      await upstream.close()
    }
  })

  test('--init is --genesis', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'chainsim-init-'))
    try {
      const genesis = join(dir, 'genesis.json')
      await writeFile(genesis, JSON.stringify(GENESIS))
      const chainsim = await serve(['--init', genesis])
      expect(await call(requestOf(chainsim.url), 'eth_chainId')).toBe('0x309')
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})

describe('refused flags exit 2 and say what is wrong', () => {
  test.each([
    [['--fork-url', '127.0.0.1:18545'], /"127\.0\.0\.1:18545" is not an http:\/\/ or https:\/\/ URL/],
    [['--fork-url', 'http://127.0.0.1:1@two'], /--fork-url.*a block number/],
    [['--fork-url', 'http://127.0.0.1:1@2', '--fork-block-number', '3'], /--fork-block-number and --fork-url URL@BLOCK both give the fork block/],
    [['--ipc'], /--ipc is one of Anvil's flags that chainsim serve does not take: chainsim has no equivalent/],
    [['--mixed-mining'], /--mixed-mining is one of Anvil's flags .*"auto": true, "intervalMs": N/],
    [['--threads', '2'], /--threads is one of Anvil's flags/],
    [['--no-mining', '-b', '1'], /--no-mining and --block-time contradict each other/],
    // Anvil's second spellings mean the same flags.
    [['--no-mine', '--blockTime', '1'], /--no-mining and --block-time contradict each other/],
    [['--fork-url', 'http://127.0.0.1:1', '--rpc-url', 'http://127.0.0.1:2'], /--fork-url and --rpc-url both give the upstream/],
    [['--balance', '1.5'], /--balance <eth>.*a whole number/],
    [['--order', 'random'], /--order <order>.*fees or fifo/],
    [['--mnemonic', 'two words'], /--mnemonic: expected a BIP-39 mnemonic of 12, 15, 18, 21 or 24 words/],
    [['--derivation-path', "m/44'/x"], /--derivation-path: expected a BIP-32 path such as m\/44'\/60'\/0'\/0\//],
    [['--prune-history', '5', '--archive'], /--prune-history and --archive contradict each other/],
  ])('%j', async (args, message) => {
    const run = await refusedRun(args)
    expect(run.code).toBe(2)
    expect(run.stderr).toMatch(message)
    expect(run.stderr).not.toMatch(/^\s+at /m)
  })
})

async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  await new Promise((resolve) => server.close(resolve))
  return typeof address === 'object' && address ? address.port : 0
}

/** A geth genesis of chain 777 with every fork at its start. */
const GENESIS = {
  config: { chainId: 777, ...MERGED_AT_GENESIS, terminalTotalDifficulty: 0, shanghaiTime: 0, cancunTime: 0 },
  alloc: {},
  gasLimit: '0x1c9c380',
  difficulty: '0x0',
  baseFeePerGas: '0x3b9aca00',
  timestamp: '0x0',
  extraData: '0x',
  nonce: '0x0',
  mixHash: '0x0000000000000000000000000000000000000000000000000000000000000000',
  coinbase: '0x0000000000000000000000000000000000000000',
  parentHash: '0x0000000000000000000000000000000000000000000000000000000000000000',
}
