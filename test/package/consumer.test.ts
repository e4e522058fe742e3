import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, expect, test } from 'vitest'

// chainsim as another project gets it: `npm pack` (which builds dist/), the tarball installed into a fresh
// project, then used there with no loader: plain Node ESM, tsc on its types (both import paths, `chainsim` and
// `chainsim/testing`, and viem typed with ChainsimRpcSchema), a vitest suite using both, the CLI.
//
// The install needs no network: the project gets a lockfile holding the repository's own runtime
// dependency versions (package-lock.json without its dev-only entries), so `npm ci --prefer-offline` takes
// every tarball from the npm cache that the repository's `npm ci` filled, by integrity, and asks the registry
// for nothing (no package metadata either). The project's own tools (vitest, typescript, @types/node) and its
// own viem are the repository's, linked in rather than installed again: chainsim's code is bundled into dist/,
// so its runtime dependencies are only what the bundle loads (native addons, the KZG) and zod, which its public
// types are written in. The install must print no warning of an engine or a deprecation, and bring no Anvil.
// It costs 15-25 s on two busy cores: the build and pack ~3 s, the install ~3 s, the uses ~8 s (`play --jobs 2`
// ~2 s of it).
const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const run = promisify(execFile)
const DEV_TOOLS = ['vitest', 'typescript', '@types/node', 'viem']

interface PackageJson {
  name: string
  version: string
  license: string
  engines: Record<string, string>
  bin: Record<string, string>
  exports: Record<string, string | Record<string, string>>
  dependencies: Record<string, string>
  optionalDependencies?: Record<string, string>
}
interface LockEntry {
  dev?: boolean
}
interface PackResult {
  filename: string
  files: { path: string }[]
}

let dir: string | undefined
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true })
})

async function sh(command: string, args: string[], cwd: string): Promise<string> {
  return (await shOutput(command, args, cwd)).stdout
}

async function shOutput(command: string, args: string[], cwd: string): Promise<{ stdout: string; stderr: string }> {
  try {
    return await run(command, args, { cwd, maxBuffer: 16 << 20 })
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string }
    throw new Error(`${command} ${args.join(' ')} failed in ${cwd}:\n${stdout ?? ''}\n${stderr ?? ''}`, { cause: error })
  }
}

/** A lockfile for a project depending on the tarball alone: chainsim, then its locked runtime dependencies. */
function consumerLock(pkg: PackageJson, tarball: Buffer, spec: string, repoLock: { packages: Record<string, LockEntry> }) {
  const runtime = Object.entries(repoLock.packages).filter(([path, entry]) => path.startsWith('node_modules/') && !entry.dev)
  return {
    name: 'consumer',
    lockfileVersion: 3,
    requires: true,
    packages: {
      '': { name: 'consumer', dependencies: { chainsim: spec } },
      'node_modules/chainsim': {
        version: pkg.version,
        resolved: spec,
        integrity: `sha512-${createHash('sha512').update(tarball).digest('base64')}`,
        license: pkg.license,
        dependencies: pkg.dependencies,
        optionalDependencies: pkg.optionalDependencies,
        bin: pkg.bin,
        engines: pkg.engines,
      },
      ...Object.fromEntries(runtime),
    },
  }
}

const TRANSFER_MJS = `
import { ChainsimError, createNode, TransactionRejected } from 'chainsim'

const node = await createNode({ mining: { auto: false } })
const [alice, bob] = node.accounts
const before = await node.execution.stateAt(node.head).getBalance(bob.address)
const hash = await node.sendTransaction({ from: alice.address, to: bob.address, value: 1000n })
const [block] = await node.mine(1)
const found = node.transaction(hash)
const refusal = await node.sendTransaction({ from: alice.address, to: bob.address, value: 1n, nonce: 0n }).catch((error) => error)
console.log(JSON.stringify({
  refused: refusal instanceof TransactionRejected && refusal instanceof ChainsimError ? refusal.reason : String(refusal),
  block: String(block.number),
  transactions: block.transactions.length,
  status: block.transactions[0].status,
  found: found.status,
  received: String((await node.execution.stateAt(block).getBalance(bob.address)) - before),
}))
`

// Each @ts-expect-error fails the check if the types it tests were missing (anything would be accepted).
const TYPED_TS = `
import { ConfigError, createNode, parseConfig, startServer } from 'chainsim'
import type { ChainBlock, ChainNode, RunningServer } from 'chainsim'
import { startChainsim } from 'chainsim/testing'
import type { Chainsim, ChainsimRpcSchema } from 'chainsim/testing'
import manifest from 'chainsim/package.json' with { type: 'json' }

const node: ChainNode = await createNode({ chainId: 1337n, mining: { auto: true } })
const blocks: ChainBlock[] = await node.mine(2)
const numbers: bigint[] = blocks.map((block) => block.number)
const server: RunningServer = await startServer(parseConfig({ networks: [{ name: 'dev', chainId: 1337 }] }), { port: 0 })
const url: string = server.networks[0]!.httpUrl
const named: string = new ConfigError('x').name
// @ts-expect-error a chain id is a bigint
await createNode({ chainId: '1337' })
// @ts-expect-error mine answers blocks
const wrong: number[] = await node.mine(1)
const chainsim: Chainsim = await startChainsim({ networks: [{ chainId: 1337 }] })
const settled: Promise<void> = chainsim.settle()
const method: ChainsimRpcSchema[number]['Method'] = 'sim_settle'
// @ts-expect-error a network's chain id is a number
await startChainsim({ networks: [{ chainId: 'mainnet' }] })
console.log(numbers, url, named, wrong, manifest.version, settled, method)
`

// viem's client typed with ChainsimRpcSchema (derived from chainsim's method declarations): every kind of
// method chainsim answers type-checks with its params and answer, and each @ts-expect-error line must not.
const SCHEMA_TS = `
import { createPublicClient, http, rpcSchema } from 'viem'
import type { Address, Hash, Quantity, RpcBlock } from 'viem'
import type { ChainsimReturnType, ChainsimRpcSchema } from 'chainsim'
import type { ChainsimRpcSchema as FromTesting, SimReorgParameters } from 'chainsim/testing'

const client = createPublicClient({ transport: http('http://127.0.0.1:1'), rpcSchema: rpcSchema<ChainsimRpcSchema>() })
const alice: Address = '0x0000000000000000000000000000000000000001'
const hash: Hash = '0x0000000000000000000000000000000000000000000000000000000000000000'

export async function calls(): Promise<unknown[]> {
  const reorg = await client.request({ method: 'sim_reorg', params: [{ depth: 2 }] })
  const ancestor: Hash = reorg.commonAncestor.hash
  // @ts-expect-error a misspelt option
  await client.request({ method: 'sim_reorg', params: [{ depht: 2 }] })
  // @ts-expect-error the depth is a number or a quantity
  await client.request({ method: 'sim_reorg', params: [{ depth: 'two' }] })
  const options: SimReorgParameters = { depth: 1, reinclude: 'none' }
  await client.request({ method: 'sim_settle' })
  const balance: Quantity = await client.request({ method: 'eth_getBalance', params: [alice, 'latest'] })
  const atLatest: Quantity = await client.request({ method: 'eth_getBalance', params: [alice] })
  const block: RpcBlock | null = await client.request({ method: 'eth_getBlockByNumber', params: ['latest', false] })
  const answered = await client.request({ method: 'eth_getBalance', params: [alice] })
  // @ts-expect-error eth_getBalance answers a quantity (a hex string)
  const notANumber: number = answered
  const logs = await client.request({ method: 'eth_getLogs', params: [{ fromBlock: 'earliest', address: alice }] })
  const trace = await client.request({ method: 'debug_traceTransaction', params: [hash, { tracer: 'callTracer' }] })
  const pool = await client.request({ method: 'txpool_status' })
  const mined = await client.request({ method: 'anvil_mine', params: [2, 1] })
  await client.request({ method: 'anvil_mine' })
  const info = await client.request({ method: 'anvil_nodeInfo' })
  await client.request({ method: 'evm_mine', params: [{ blocks: 2 }] })
  const set: true = await client.request({ method: 'hardhat_setBalance', params: [alice, '0x1'] })
  const tree = await client.request({ method: 'sim_forkTree', params: [{ fromBlock: 0 }] })
  // @ts-expect-error chainsim answers no such method
  await client.request({ method: 'eth_mining' })
  const same: FromTesting = [] as unknown as ChainsimRpcSchema
  const nodeInfo: ChainsimReturnType<'anvil_nodeInfo'> = info
  return [ancestor, options, balance, atLatest, block, notANumber, logs, trace, pool.pending, mined, set, tree.head.hash, same, nodeInfo.hardFork]
}
`

const TSCONFIG = {
  compilerOptions: {
    target: 'ES2022',
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    lib: ['ES2023'],
    types: ['node'],
    strict: true,
    noEmit: true,
    resolveJsonModule: true,
    // As \`tsc --init\` sets it: @ethereumjs's declarations use @types/debug without depending on it.
    skipLibCheck: true,
  },
  files: ['typed.ts', 'schema.ts'],
}

const SERVED_TEST_TS = `
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createPublicClient, createWalletClient, http, rpcSchema } from 'viem'
import { parseConfig, startServer } from 'chainsim'
import type { RunningServer } from 'chainsim'
import { startChainsim } from 'chainsim/testing'
import type { ChainsimRpcSchema } from 'chainsim/testing'

let server: RunningServer
beforeAll(async () => {
  server = await startServer(parseConfig({ networks: [{ name: 'dev', chainId: 31337 }] }), { port: 0 })
})
afterAll(() => server.close())

test('viem talks to a served network', async () => {
  const network = server.networks[0]!
  const transport = http(network.httpUrl + '/v3/consumer')
  const client = createPublicClient({ transport })
  const [from, to] = await createWalletClient({ transport }).getAddresses()
  const hash = await createWalletClient({ account: from!, chain: null, transport }).sendTransaction({ to: to!, value: 5n })
  const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 })
  expect(await client.getChainId()).toBe(31337)
  expect(receipt.status).toBe('success')
  expect(receipt.blockNumber).toBe(1n)
})

test('chainsim/testing serves a chain on a free port; a reorg is settled before its answer', async () => {
  const chainsim = await startChainsim({ networks: [{ chainId: 1337 }] })
  try {
    const client = createPublicClient({ transport: http(chainsim.url), rpcSchema: rpcSchema<ChainsimRpcSchema>() })
    await chainsim.node.mine(3)
    await client.request({ method: 'sim_reorg', params: [{ depth: 2, length: 3 }] })
    await client.request({ method: 'sim_settle' })
    expect(await client.getChainId()).toBe(1337)
    expect(await client.getBlockNumber({ cacheTime: 0 })).toBe(4n)
    expect(chainsim.accounts[0]!.address).toMatch(/^0x[0-9a-f]{40}$/)
  } finally {
    await chainsim.close()
  }
})

test('the explorer page is served, its script and style built into the package', async () => {
  const base = server.networks[0]!.httpUrl
  expect((await fetch(base + '/ui/')).status).toBe(200)
  const script = await fetch(base + '/ui/explorer.js')
  expect(script.status).toBe(200)
  expect(await script.text()).toContain('sim_forkTree')
  const style = await fetch(base + '/ui/explorer.css')
  expect(style.status).toBe(200)
  expect((await style.text()).length).toBeGreaterThan(100)
})
`

test('a project that installs the packed tarball uses the library, its types, a vitest suite, the explorer page and the CLI', {
  timeout: 180_000,
}, async () => {
  dir = await mkdtemp(join(tmpdir(), 'chainsim-package-'))
  const pkg = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as PackageJson

  const [packed] = JSON.parse(await sh('npm', ['pack', '--json', '--pack-destination', dir], ROOT)) as PackResult[]
  const files = new Set(packed!.files.map((file) => file.path))
  const targets = [
    ...Object.values(pkg.bin),
    ...Object.values(pkg.exports).flatMap((target) => (typeof target === 'string' ? [target] : Object.values(target))),
  ]
  for (const target of targets) expect(files, target).toContain(target.replace(/^\.\//, ''))
  // Built code and the launcher only: no TypeScript sources, tests or scripts.
  expect([...files].filter((path) => /^(test|scripts)\/|^src\/.*\.ts$|\.test\./.test(path))).toEqual([])

  const project = join(dir, 'consumer')
  await mkdir(project)
  const tarball = await readFile(join(dir, packed!.filename))
  const spec = `file:../${packed!.filename}`
  const repoLock = JSON.parse(await readFile(join(ROOT, 'package-lock.json'), 'utf8'))
  await writeFile(join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module', dependencies: { chainsim: spec } }))
  await writeFile(join(project, 'package-lock.json'), JSON.stringify(consumerLock(pkg, tarball, spec, repoLock)))
  const install = await shOutput('npm', ['ci', '--prefer-offline', '--no-audit', '--no-fund'], project)
  // Node 20 is supported: no dependency may ask for a newer engine, and none may be deprecated.
  expect(`${install.stdout}\n${install.stderr}`).not.toMatch(/EBADENGINE|deprecated/i)
  // The installed tree holds chainsim's runtime dependencies and nothing only its own development needs: no
  // bundled library, no Anvil binary (the bench's and the tests'), no stray command beside chainsim's.
  for (const name of ['esbuild', 'tsx', 'vitest', 'typescript', 'viem', 'fastify', '@ethereumjs/vm', '@foundry-rs/anvil', '@foundry-rs/anvil-linux-amd64']) {
    await expect(readFile(join(project, 'node_modules', name, 'package.json')), name).rejects.toThrow()
  }
  await expect(readFile(join(project, 'node_modules', '.bin', 'anvil')), 'the anvil command').rejects.toThrow()
  for (const tool of DEV_TOOLS) {
    await mkdir(join(project, 'node_modules', tool, '..'), { recursive: true })
    await symlink(join(ROOT, 'node_modules', tool), join(project, 'node_modules', tool), 'dir')
  }

  await writeFile(join(project, 'transfer.mjs'), TRANSFER_MJS)
  expect(JSON.parse(await sh(process.execPath, ['transfer.mjs'], project))).toEqual({
    refused: 'nonce too low: next nonce 1, tx nonce 0',
    block: '1',
    transactions: 1,
    status: 1,
    found: 'mined',
    received: '1000',
  })

  await writeFile(join(project, 'typed.ts'), TYPED_TS)
  await writeFile(join(project, 'schema.ts'), SCHEMA_TS)
  await writeFile(join(project, 'tsconfig.json'), JSON.stringify(TSCONFIG))
  await sh(process.execPath, [join(project, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', '.'], project)

  await writeFile(join(project, 'served.test.ts'), SERVED_TEST_TS)
  const vitest = await sh(process.execPath, [join(project, 'node_modules', 'vitest', 'vitest.mjs'), 'run', '--reporter=json'], project)
  expect(JSON.parse(vitest)).toMatchObject({ numTotalTests: 3, numPassedTests: 3 })

  expect((await sh('npx', ['--offline', 'chainsim', '--version'], project)).trim()).toBe(pkg.version)

  // Two files on two threads: the worker thread loads the package's built CLI module, not the launcher.
  for (const blocks of [1, 2]) await writeFile(join(project, `mine-${blocks}.yaml`), scenarioMining(blocks))
  const played = await sh('npx', ['--offline', 'chainsim', 'play', '--jobs', '2', 'mine-1.yaml', 'mine-2.yaml'], project)
  expect(played).toContain('2 scenarios: 2 passed, 0 failed')
})

/** A scenario that mines `blocks` blocks and checks the head. */
function scenarioMining(blocks: number): string {
  return `name: mines ${blocks}\nsteps:\n  - mine: ${blocks}\n  - rpc: eth_blockNumber\n    expect: { equal: ${blocks} }\n`
}
