import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createPublicClient, createWalletClient, http } from 'viem'
import type { Abi, Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ContractMatcher } from '../../src/decoding/contractMatcher.ts'
import { readArtifacts } from '../../src/decoding/projectArtifacts.ts'
import { ArtifactsFolderError } from '../../src/decoding/errors.ts'
import { watchProjectArtifacts } from '../../src/decoding/projectDecoder.ts'
import { hexToBytes } from '../../src/evm/index.ts'
import { startChainsim } from '../../src/testing/index.ts'
import type { Chainsim } from '../../src/testing/index.ts'
import { creationCode, writeFoundryOut } from '../helpers/foundryOut.ts'
import { devAccount } from '../helpers/rpcChain.ts'

const HARDHAT_CLI = createRequire(import.meta.url).resolve('hardhat/internal/cli/cli.js')
const HARDHAT_PROJECT = fileURLToPath(new URL('../e2e/hardhatProject/', import.meta.url))

let dir: string
let chainsim: Chainsim

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'chainsim-artifacts-'))
  chainsim = await startChainsim()
})
afterAll(async () => {
  await chainsim.close()
  rmSync(dir, { recursive: true, force: true })
})

/** Deploys creation code on the served chain and answers the runtime code the chain holds for it. */
async function deployed(bytecode: Hex, abi: Abi = [], args: unknown[] = []): Promise<Uint8Array> {
  const wallet = createWalletClient({ account: devAccount(0), transport: http(chainsim.url) })
  const client = createPublicClient({ transport: http(chainsim.url) })
  const hash = await wallet.deployContract({ abi, bytecode, args, chain: null })
  const { contractAddress } = await client.waitForTransactionReceipt({ hash })
  return hexToBytes((await client.getCode({ address: contractAddress as Hex })) as Hex)
}

describe('a Foundry out/ folder', () => {
  test('gives each contract its ABI, runtime code and immutables, and no build info', () => {
    const out = join(dir, 'foundry-out')
    writeFoundryOut(out, ['Bank', 'Ledger'])
    const artifacts = readArtifacts(out)
    expect(artifacts.map((a) => [a.name, a.file])).toEqual([
      ['Bank', 'Bank.sol/Bank.json'],
      ['Ledger', 'Bank.sol/Ledger.json'],
    ])
    const [bank, ledger] = artifacts
    expect(bank?.abi.some((item) => item.type === 'error' && item.name === 'Insufficient')).toBe(true)
    // `owner` is read by its getter and by close(): a 32-byte range for each.
    expect(bank?.placeholders).toEqual([
      { start: expect.any(Number), length: 32 },
      { start: expect.any(Number), length: 32 },
    ])
    expect(ledger?.placeholders).toEqual([])
  })

  test('a deployment is named by its runtime code, its immutable filled in', async () => {
    const out = join(dir, 'foundry-match')
    writeFoundryOut(out, ['Bank', 'Ledger'])
    const matcher = new ContractMatcher(readArtifacts(out))
    expect(matcher.match(await deployed(creationCode('Bank')))?.name).toBe('Bank')
    expect(matcher.match(await deployed(creationCode('Ledger')))?.name).toBe('Ledger')
  })

  test('another metadata tail still matches; another body does not', async () => {
    const out = join(dir, 'foundry-tail')
    writeFoundryOut(out, ['Bank'])
    const matcher = new ContractMatcher(readArtifacts(out))
    const code = await deployed(creationCode('Bank'))
    const otherTail = code.slice()
    // Inside the CBOR map (the metadata hash), past its first byte.
    otherTail[otherTail.length - 10] = (otherTail[otherTail.length - 10] as number) ^ 0xff
    expect(matcher.match(otherTail)?.name).toBe('Bank')
    const otherBody = code.slice()
    otherBody[1] = (otherBody[1] as number) ^ 0xff
    expect(matcher.match(otherBody)).toBeUndefined()
    expect(matcher.match(new Uint8Array())).toBeUndefined()
  })

  test('a file a build is still writing is left for the next read', () => {
    const out = join(dir, 'foundry-partial')
    writeFoundryOut(out, ['Bank'])
    writeFileSync(join(out, 'Bank.sol', 'Ledger.json'), '{"abi": [')
    expect(readArtifacts(out).map((a) => a.name)).toEqual(['Bank'])
  })

  test('an interface (no runtime code) is no contract to match', () => {
    const out = join(dir, 'foundry-interface')
    mkdirSync(join(out, 'IBank.sol'), { recursive: true })
    writeFileSync(join(out, 'IBank.sol', 'IBank.json'), JSON.stringify({ abi: [], deployedBytecode: { object: '0x', immutableReferences: {} } }))
    expect(readArtifacts(out)).toEqual([])
  })
})

describe('a Hardhat artifacts/ folder', () => {
  let artifactsDir: string
  beforeAll(() => {
    const out = join(dir, 'hardhat')
    const compiled = spawnSync(process.execPath, [HARDHAT_CLI, 'compile', '--config', 'hardhat.config.cjs'], {
      cwd: HARDHAT_PROJECT,
      env: { ...process.env, HARDHAT_OUT: out },
      encoding: 'utf8',
    })
    if (compiled.status !== 0) throw new Error(`hardhat compile failed: ${compiled.stderr}${compiled.stdout}`)
    artifactsDir = join(out, 'artifacts')
  }, 60_000)

  test('gives the contract by its contractName, without .dbg.json files or build info', () => {
    const artifacts = readArtifacts(artifactsDir)
    expect(artifacts.map((a) => [a.name, a.file, a.placeholders])).toEqual([['Vault', 'contracts/Vault.sol/Vault.json', undefined]])
  })

  test('a deployment is named though the artifact does not say where its immutables are', async () => {
    const artifact = JSON.parse(readFileSync(join(artifactsDir, 'contracts/Vault.sol/Vault.json'), 'utf8')) as { abi: Abi; bytecode: Hex }
    const matcher = new ContractMatcher(readArtifacts(artifactsDir))
    expect(matcher.match(await deployed(artifact.bytecode, artifact.abi, [3600n]))?.name).toBe('Vault')
    expect(matcher.match(await deployed(creationCode('Ledger')))).toBeUndefined()
  })
})

describe('a folder that cannot be read', () => {
  test('is an error naming it', () => {
    const missing = join(dir, 'no-such-out')
    expect(() => readArtifacts(missing)).toThrow(ArtifactsFolderError)
    expect(() => readArtifacts(missing)).toThrow(`artifacts folder ${missing} cannot be read: ENOENT`)
    const file = join(dir, 'a-file')
    writeFileSync(file, '')
    expect(() => readArtifacts(file)).toThrow(`artifacts folder ${file} is not a folder`)
  })
})

describe('a followed folder', () => {
  test('a rebuild is read once it settles; a removed folder keeps what was known and is read again once it is back', async () => {
    const out = join(dir, 'followed')
    writeFoundryOut(out, ['Bank'])
    const errors: string[] = []
    const project = watchProjectArtifacts(out, [], (error) => errors.push(error.message))
    const known = async (count: number) => {
      for (let tries = 0; tries < 200 && project.contracts() !== count; tries++) await new Promise((resolve) => setTimeout(resolve, 25))
      return project.contracts()
    }
    try {
      expect(project.contracts()).toBe(1)
      writeFoundryOut(out, ['Bank', 'Ledger'])
      expect(await known(2)).toBe(2)
      rmSync(out, { recursive: true })
      for (let tries = 0; tries < 200 && errors.length === 0; tries++) await new Promise((resolve) => setTimeout(resolve, 25))
      expect(errors).toEqual([`artifacts folder ${out} cannot be read: ENOENT`])
      expect(project.contracts()).toBe(2)
      expect(project.decoder.contractOf(await deployed(creationCode('Ledger')))?.name).toBe('Ledger')
      writeFoundryOut(out, ['Ledger'])
      expect(await known(1)).toBe(1)
      expect(project.decoder.contractOf(await deployed(creationCode('Bank')))).toBeUndefined()
    } finally {
      project.close()
    }
  })
})
