import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createPublicClient, encodeDeployData, encodeFunctionData, http, numberToHex } from 'viem'
import type { Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ChainsimToken } from '../../src/contracts/index.ts'
import { startChainsim } from '../../src/testing/index.ts'
import { hasAnvil, startAnvil } from '../helpers/anvil.ts'
import type { AnvilProcess } from '../helpers/anvil.ts'
import { devAccount, minedReceiptOf, send } from '../helpers/rpcChain.ts'
import { rpc } from '../helpers/rpcClient.ts'
import { oneNetworkConfig, serveWithState } from './servedState.ts'

/**
 * Anvil's state JSON both ways: what the Anvil development dependency dumps (anvil_dumpState, and `--dump-state` on
 * exit) loads into chainsim (anvil_loadState, `--load-state`, `--state`), and chainsim's dump in Anvil's form loads
 * into Anvil; each chain then answers the same balances, nonces, code and storage as the one that dumped.
 */

/** Stores 42 in slot 0 and 7 in slot 5 as it is made; its code answers slot 0. */
const STORING_CONTRACT: Hex = '0x602a6000556007600555600b8060156000396000f360005460005260206000f3'
const FUNDED = '0x00000000000000000000000000000000000000f1'
const NONCED = '0x00000000000000000000000000000000000000f2'
const EDITED = '0x00000000000000000000000000000000000000f3'
const TOKEN_HOLDER = '0x00000000000000000000000000000000000000f4'
const SET_SLOT = numberToHex(9n, { size: 32 })

async function deployed(url: string, data: Hex): Promise<Hex> {
  const receipt = await minedReceiptOf(url, await send(url, { from: devAccount(0).address, data, gas: '0x300000' }))
  if (receipt.status !== '0x1') throw new Error(`deployment failed: ${JSON.stringify(receipt)}`)
  return receipt.contractAddress
}

/** The same writes on either chain: a contract with storage, a token moved, value sent, nonces, code and slots set. */
async function populate(url: string): Promise<{ storing: Hex; token: Hex }> {
  const storing = await deployed(url, STORING_CONTRACT)
  const token = await deployed(url, encodeDeployData({ abi: ChainsimToken.abi, bytecode: ChainsimToken.bytecode, args: ['Token', 'TOK', 10n ** 24n] }))
  const transfer = encodeFunctionData({ abi: ChainsimToken.abi, functionName: 'transfer', args: [TOKEN_HOLDER, 12345n] })
  await minedReceiptOf(url, await send(url, { from: devAccount(0).address, to: token, data: transfer }))
  await minedReceiptOf(url, await send(url, { from: devAccount(1).address, to: FUNDED, value: '0xde0b6b3a7640000' }))
  await rpc(url, 'anvil_setNonce', [NONCED, '0x2a'])
  await rpc(url, 'anvil_setBalance', [NONCED, '0x1234'])
  await rpc(url, 'anvil_setCode', [EDITED, '0x60016000f3'])
  await rpc(url, 'anvil_setStorageAt', [EDITED, SET_SLOT, numberToHex(0xbeefn, { size: 32 })])
  return { storing, token }
}

/** What a chain answers of every account and slot the writes touched, read with viem. */
async function answers(url: string, { storing, token }: { storing: Hex; token: Hex }) {
  const client = createPublicClient({ transport: http(url) })
  const addresses = [storing, token, FUNDED, NONCED, EDITED, TOKEN_HOLDER, devAccount(0).address, devAccount(1).address] as Hex[]
  const accounts = await Promise.all(
    addresses.map(async (address) => ({
      address,
      balance: await client.getBalance({ address }),
      nonce: await client.getTransactionCount({ address }),
      code: (await client.getCode({ address })) ?? '0x',
    })),
  )
  const storage = await Promise.all([
    client.getStorageAt({ address: storing, slot: '0x0' }),
    client.getStorageAt({ address: storing, slot: '0x5' }),
    client.getStorageAt({ address: EDITED, slot: SET_SLOT }),
  ])
  // Read as calls answer them, so a chain without the token answers `0x` rather than throwing.
  const balanceOf = async (holder: Hex) =>
    (await client.call({ to: token, data: encodeFunctionData({ abi: ChainsimToken.abi, functionName: 'balanceOf', args: [holder] }) })).data ?? '0x'
  const tokens = [await balanceOf(TOKEN_HOLDER), await balanceOf(devAccount(0).address)]
  return { accounts, storage, tokens }
}

describe.skipIf(!hasAnvil)("Anvil's state JSON", () => {
  let dir: string
  let anvil: AnvilProcess
  let contracts: { storing: Hex; token: Hex }
  let expected: Awaited<ReturnType<typeof answers>>
  let dumped: Hex
  let exitFile: string

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'chainsim-anvil-state-'))
    exitFile = join(dir, 'anvil-exit.json')
    anvil = await startAnvil(['--dump-state', exitFile])
    contracts = await populate(anvil.url)
    expected = await answers(anvil.url, contracts)
    dumped = await rpc<Hex>(anvil.url, 'anvil_dumpState')
    await anvil.close('SIGINT')
  }, 120_000)
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  test('the writes landed on Anvil as meant (the comparison below holds something)', () => {
    expect(expected.storage.map((word) => BigInt(word ?? '0x'))).toEqual([42n, 7n, 0xbeefn])
    expect(BigInt(expected.tokens[0] as Hex)).toBe(12345n)
    expect(expected.accounts.find((a) => a.address === NONCED)?.nonce).toBe(42)
    expect(existsSync(exitFile)).toBe(true)
  })

  test("Anvil's anvil_dumpState loads into chainsim with anvil_loadState and answers the same", async () => {
    const chainsim = await startChainsim({ networks: [{}] })
    try {
      const url = chainsim.url
      expect(await answers(url, contracts)).not.toEqual(expected)
      expect(await rpc(url, 'anvil_loadState', [dumped])).toBe(true)
      expect(await answers(url, contracts)).toEqual(expected)
      // Merged into the head as Anvil merges it: the chain goes on from there.
      await minedReceiptOf(url, await send(url, { from: devAccount(0).address, to: FUNDED, value: '0x1' }))
      const client = createPublicClient({ transport: http(url) })
      expect(await client.getBalance({ address: FUNDED })).toBe(10n ** 18n + 1n)
    } finally {
      await chainsim.close()
    }
  })

  test("`chainsim serve --load-state` reads Anvil's --dump-state file and answers the same", async () => {
    const served = await serveWithState(oneNetworkConfig(dir), ['--load-state', exitFile])
    try {
      expect(await answers(served.url, contracts)).toEqual(expected)
    } finally {
      await served.kill('SIGINT')
    }
  })

  test('`chainsim serve --state` starts from an Anvil file, keeps that file beside, and journals from there', async () => {
    const stateFile = join(dir, 'from-anvil.state')
    copyFileSync(exitFile, stateFile)
    const first = await serveWithState(oneNetworkConfig(dir), ['--state', stateFile])
    try {
      expect(await answers(first.url, contracts)).toEqual(expected)
    } finally {
      expect(await first.kill('SIGTERM')).toBe(0)
    }
    expect(readFileSync(`${stateFile}.anvil.json`, 'utf8')).toBe(readFileSync(exitFile, 'utf8'))
    expect(readFileSync(stateFile).subarray(0, 1).toString()).not.toBe('{')
    const second = await serveWithState(oneNetworkConfig(dir), ['--state', stateFile])
    try {
      expect(await answers(second.url, contracts)).toEqual(expected)
    } finally {
      await second.kill('SIGINT')
    }
  })

  test("chainsim's anvil_dumpState in Anvil's form loads into Anvil with anvil_loadState and answers the same", async () => {
    const chainsim = await startChainsim({ networks: [{}] })
    const target = await startAnvil()
    try {
      const written = await populate(chainsim.url)
      const ours = await answers(chainsim.url, written)
      expect(ours.storage.map((word) => BigInt(word ?? '0x'))).toEqual([42n, 7n, 0xbeefn])
      const dump = await rpc<Hex>(chainsim.url, 'anvil_dumpState', [null, 'anvil'])
      expect(await rpc(target.url, 'anvil_loadState', [dump])).toBe(true)
      expect(await answers(target.url, written)).toEqual(ours)
    } finally {
      await target.close()
      await chainsim.close()
    }
  })

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    test(`\`chainsim serve --dump-state\` writes the file on ${signal}, which \`anvil --load-state\` reads and answers the same`, async () => {
      const file = join(dir, `chainsim-${signal}.json`)
      const served = await serveWithState(oneNetworkConfig(dir), ['--dump-state', file])
      let ours: Awaited<ReturnType<typeof answers>>
      let written: { storing: Hex; token: Hex }
      try {
        written = await populate(served.url)
        ours = await answers(served.url, written)
      } finally {
        expect(await served.kill(signal)).toBe(0)
      }
      expect(served.output()).toContain(`dev: state written to ${file}`)
      const loaded = await startAnvil(['--load-state', file])
      try {
        expect(await answers(loaded.url, written)).toEqual(ours)
      } finally {
        await loaded.close()
      }
    })
  }
})

test("`chainsim serve --load-state` reads chainsim's own anvil_dumpState too, gzip-compressed, and serves that chain", async () => {
  const dir = mkdtempSync(join(tmpdir(), 'chainsim-own-dump-'))
  const chainsim = await startChainsim({ networks: [{}] })
  try {
    const written = await populate(chainsim.url)
    const ours = await answers(chainsim.url, written)
    const head = await rpc(chainsim.url, 'eth_getBlockByNumber', ['latest', false])
    const file = join(dir, 'chainsim.dump.gz')
    writeFileSync(file, Buffer.from((await rpc<Hex>(chainsim.url, 'anvil_dumpState')).slice(2), 'hex'))
    const served = await serveWithState(oneNetworkConfig(dir), ['--load-state', file])
    try {
      expect(await rpc(served.url, 'eth_getBlockByNumber', ['latest', false])).toEqual(head)
      expect(await answers(served.url, written)).toEqual(ours)
    } finally {
      await served.kill('SIGINT')
    }
  } finally {
    await chainsim.close()
    rmSync(dir, { recursive: true, force: true })
  }
})

describe('files refused at start, exit 2, naming the file and what is wrong', () => {
  let dir: string
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'chainsim-anvil-state-bad-'))
  })
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  const refused = async (args: string[], message: RegExp) => {
    const error = await serveWithState(oneNetworkConfig(dir), args).then(
      async (served) => {
        await served.kill('SIGKILL')
        throw new Error('chainsim served')
      },
      (e: Error) => e,
    )
    expect(error.message).toMatch(message)
  }

  test('--load-state of a missing file', async () => {
    const file = join(dir, 'missing.json')
    await refused(['--load-state', file], new RegExp(`chainsim: --load-state ${file}: cannot be read \\(ENOENT`))
  })

  test('--load-state of a file that is not JSON', async () => {
    const file = join(dir, 'garbage.json')
    writeFileSync(file, 'not json')
    await refused(['--load-state', file], new RegExp(`chainsim: --load-state ${file} is not valid JSON`))
  })

  test("--load-state of Anvil's JSON with a bad account", async () => {
    const file = join(dir, 'bad-account.json')
    writeFileSync(file, JSON.stringify({ accounts: { [FUNDED]: { nonce: -1, balance: '0x1', code: '0x', storage: {} } } }))
    await refused(['--load-state', file], new RegExp(`--load-state ${file} is not a valid Anvil state at accounts.${FUNDED}.nonce`))
  })

  test('--dump-state into a folder that does not exist', async () => {
    const file = join(dir, 'nowhere', 'dump.json')
    await refused(['--dump-state', file], new RegExp(`chainsim: --dump-state ${file}: the folder ${join(dir, 'nowhere')} does not exist`))
  })

  test('--load-state with --record, which plays chains made from a config alone', async () => {
    await refused(
      ['--record', join(dir, 'r.yaml'), '--load-state', join(dir, 'x.json')],
      /--record plays networks chainsim makes from a config: --load-state loads/,
    )
  })

  test('--load-state with --state', async () => {
    await refused(['--state', join(dir, 's.state'), '--load-state', join(dir, 'x.json')], /--load-state goes without --state/)
  })
})
