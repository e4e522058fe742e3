import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createPublicClient, createWalletClient, getAddress, http, parseEther } from 'viem'
import type { Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startChainsim } from '../../src/testing/index.ts'
import type { Chainsim } from '../../src/testing/index.ts'
import { compileBank, creationCode, writeFoundryOut } from '../helpers/foundryOut.ts'
import { devAccount } from '../helpers/rpcChain.ts'
import { rpc } from '../helpers/rpcClient.ts'

/*
 * `--artifacts DIR` end to end: contracts compiled with solc-js, written as `forge build` writes out/, deployed and
 * called over HTTP with viem on a served chain; sim_transaction and the printed lines name and decode them.
 */

let out: string
let chainsim: Chainsim
const printed: string[] = []
let bank: Hex

const owner = devAccount(0)
const stranger = devAccount(1)
const { Bank, Ledger } = compileBank()

beforeAll(async () => {
  out = join(mkdtempSync(join(tmpdir(), 'chainsim-artifacts-e2e-')), 'out')
  writeFoundryOut(out, ['Bank'])
  chainsim = await startChainsim({ artifacts: out, printTransactions: (line) => printed.push(line) })
  const hash = await wallet(owner).deployContract({ abi: Bank.abi, bytecode: creationCode('Bank'), chain: null })
  bank = (await client().waitForTransactionReceipt({ hash })).contractAddress as Hex
})
afterAll(async () => {
  await chainsim.close()
  rmSync(join(out, '..'), { recursive: true, force: true })
})

function client() {
  return createPublicClient({ transport: http(chainsim.url) })
}

function wallet(account: typeof owner) {
  return createWalletClient({ account, transport: http(chainsim.url) })
}

/** sim_transaction of a mined transaction, by its hash. */
async function details(hash: Hex) {
  const receipt = await client().waitForTransactionReceipt({ hash })
  return rpc(chainsim.url, 'sim_transaction', [{ blockHash: receipt.blockHash, index: receipt.transactionIndex }])
}

/** A transaction viem would refuse to send after its own estimate failed: sent with a fixed gas limit. */
async function failing(account: typeof owner, functionName: 'withdraw' | 'close', args: readonly unknown[]): Promise<Hex> {
  return wallet(account).writeContract({ address: bank, abi: Bank.abi, functionName, args, gas: 100_000n, chain: null } as never)
}

/** The printed lines of the block that mined `hash`, once printing has caught up. */
async function linesOf(hash: Hex): Promise<string[]> {
  const line = `    Transaction: ${hash}`
  for (let tries = 0; tries < 100 && !printed.some((l) => l.startsWith(line)); tries++) await new Promise((resolve) => setTimeout(resolve, 20))
  const start = printed.findIndex((l) => l.startsWith(line))
  const end = printed.findIndex((l, i) => i > start && l.startsWith('    Block Number:'))
  return printed.slice(start, end)
}

describe('sim_transaction with the project artifacts', () => {
  test('names the contract a transaction created', async () => {
    const receipt = await client().getTransactionReceipt({
      hash: (await rpc(chainsim.url, 'eth_getBlockByNumber', ['0x1', false])).transactions[0],
    })
    const tx = await details(receipt.transactionHash)
    expect(tx.contract).toEqual({ address: bank.toLowerCase(), name: 'Bank', created: true })
  })

  test('names the contract called, decodes the call and its event', async () => {
    const hash = await wallet(stranger).writeContract({
      address: bank,
      abi: Bank.abi,
      functionName: 'deposit',
      args: ['rent'],
      value: parseEther('2'),
      chain: null,
    } as never)
    const tx = await details(hash)
    expect(tx.contract).toEqual({ address: bank.toLowerCase(), name: 'Bank', created: false })
    expect(tx.call).toEqual({ abi: 'Bank', name: 'deposit', signature: 'deposit(string)', args: [{ name: 'memo', type: 'string', value: 'rent' }] })
    expect(tx.logs[0].decoded).toEqual({
      abi: 'Bank',
      name: 'Deposited',
      signature: 'Deposited(address,uint256,string)',
      args: [
        { name: 'from', type: 'address', value: stranger.address, indexed: true },
        { name: 'amount', type: 'uint256', value: parseEther('2').toString() },
        { name: 'memo', type: 'string', value: 'rent' },
      ],
    })
  })

  test('decodes a custom error with its arguments', async () => {
    const tx = await details(await failing(stranger, 'withdraw', [parseEther('5')]))
    expect(tx.status).toBe('0x0')
    expect(tx.failure.custom).toEqual({
      abi: 'Bank',
      name: 'Insufficient',
      signature: 'Insufficient(uint256,uint256)',
      args: [
        { name: 'available', type: 'uint256', value: parseEther('2').toString() },
        { name: 'requested', type: 'uint256', value: parseEther('5').toString() },
      ],
    })
  })

  test('gives a revert string as the reason', async () => {
    const tx = await details(await failing(stranger, 'close', []))
    expect(tx).toMatchObject({
      status: '0x0',
      contract: { name: 'Bank' },
      call: { name: 'close' },
      failure: { reason: 'only the owner closes the bank', custom: null },
    })
  })

  test('names nothing for a plain transfer', async () => {
    const hash = await wallet(owner).sendTransaction({ to: stranger.address, value: 1n, chain: null })
    expect((await details(hash)).contract).toBeNull()
  })
})

describe('the printed lines with the project artifacts', () => {
  test("keep Anvil's layout and end with the contract, its function and its custom error", async () => {
    const deposit = await wallet(owner).writeContract({
      address: bank,
      abi: Bank.abi,
      functionName: 'deposit',
      args: ['tips'],
      value: 1n,
      chain: null,
    } as never)
    expect((await linesOf(deposit)).slice(0, 2)).toEqual([`    Transaction: ${deposit} (Bank.deposit(string))`, expect.stringMatching(/^ {4}Gas used: \d+$/)])
    const withdraw = await failing(owner, 'withdraw', [2n])
    expect(await linesOf(withdraw)).toEqual([
      `    Transaction: ${withdraw} (Bank.withdraw(uint256))`,
      expect.stringMatching(/^ {4}Gas used: \d+$/),
      '    Error: reverted with: custom error 0xe8620800: Insufficient(1, 2)',
      '',
    ])
    const close = await failing(stranger, 'close', [])
    expect((await linesOf(close))[2]).toBe('    Error: reverted with: only the owner closes the bank')
  })

  test('name the contract a transaction created', async () => {
    const hash = await wallet(owner).deployContract({ abi: Bank.abi, bytecode: creationCode('Bank'), chain: null })
    const { contractAddress } = await client().waitForTransactionReceipt({ hash })
    expect((await linesOf(hash)).slice(0, 2)).toEqual([`    Transaction: ${hash}`, `    Contract created: ${getAddress(contractAddress as Hex)} (Bank)`])
  })
})

describe('a change to the artifacts folder', () => {
  test('is read again: a contract built after the start is named', async () => {
    const hash = await wallet(owner).deployContract({ abi: Ledger.abi, bytecode: creationCode('Ledger'), chain: null })
    const { contractAddress } = await client().waitForTransactionReceipt({ hash })
    const record = await wallet(owner).writeContract({ address: contractAddress as Hex, abi: Ledger.abi, functionName: 'record', chain: null } as never)
    expect(await details(record)).toMatchObject({ contract: null, call: null })
    writeFoundryOut(out, ['Bank', 'Ledger'])
    for (let tries = 0; tries < 100 && chainsim.server.artifacts?.contracts() !== 2; tries++) await new Promise((resolve) => setTimeout(resolve, 20))
    expect(chainsim.server.artifacts?.contracts()).toBe(2)
    expect(await details(record)).toMatchObject({
      contract: { address: (contractAddress as Hex).toLowerCase(), name: 'Ledger', created: false },
      call: { abi: 'Ledger', name: 'record' },
    })
  })
})

describe('a transaction past the state window', () => {
  test("is named by its contract's code at the head", async () => {
    const short = await startChainsim({ artifacts: out, networks: [{ history: { stateBlocks: 1 }, finality: { safeDepth: 0, finalizedDepth: 0 } }] })
    try {
      const wallet = createWalletClient({ account: owner, transport: http(short.url) })
      const reader = createPublicClient({ transport: http(short.url) })
      const hash = await wallet.deployContract({ abi: Bank.abi, bytecode: creationCode('Bank'), chain: null })
      const receipt = await reader.waitForTransactionReceipt({ hash })
      // The window keeps at least the newest 64 states; each transfer makes a new one.
      for (let i = 0; i < 70; i++) await rpc(short.url, 'eth_sendTransaction', [{ from: owner.address, to: stranger.address, value: '0x1' }])
      const old = { blockHash: receipt.blockHash, index: receipt.transactionIndex }
      const read = await rpc(short.url, 'eth_getCode', [receipt.contractAddress, `0x${receipt.blockNumber.toString(16)}`]).catch(
        (error: Error) => error.message,
      )
      expect(read).toMatch(/is no longer kept/)
      expect((await rpc(short.url, 'sim_transaction', [old])).contract).toEqual({ address: receipt.contractAddress, name: 'Bank', created: true })
    } finally {
      await short.close()
    }
  })
})
