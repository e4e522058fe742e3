import { Common, Hardfork, Mainnet } from '@ethereumjs/common'
import { describe, expect, test } from 'vitest'
import { createBlockFromBytesArray } from '@ethereumjs/block'
import {
  createDevCommon,
  decodeRawTransaction,
  deriveDevAccounts,
  DEV_MNEMONIC,
  ExecutionEngine,
  parseGethGenesis,
  signTransaction,
} from '../../src/evm/index.ts'
import { ChainNode } from '../../src/node.ts'
import { withFastEipLookup } from '../../src/evm/patches/fastCommon.ts'
import { CANCUN_BLOBS, MERGED_AT_GENESIS, PRAGUE_BLOBS } from '../helpers/gethForks.ts'

const [account] = deriveDevAccounts(DEV_MNEMONIC, 1)
const transfer = (nonce: bigint, common: ReturnType<typeof createDevCommon>) =>
  signTransaction(
    { type: 2, chainId: 31337n, nonce, gasLimit: 21_000n, maxFeePerGas: 10n ** 10n, maxPriorityFeePerGas: 1n, to: new Uint8Array(20).fill(1) },
    account!.privateKey,
    common,
  )

describe('transactions and blocks share one Common per chain and hardfork', () => {
  test('decoded transactions share it, and it keeps the chain and the transaction params', () => {
    const common = createDevCommon(31337n, 'shared')
    const a = decodeRawTransaction(transfer(0n, common).raw, common)
    const b = decodeRawTransaction(transfer(1n, common).raw, common)
    expect(a.tx.common).toBe(b.tx.common)
    expect(a.tx.common.chainId()).toBe(31337n)
    expect(a.tx.common.param('txGas')).toBe(21_000n)
    expect(a.tx.getIntrinsicGas()).toBe(21_000n)
  })

  test('a hardfork change gets a fresh one, so a transaction reads its own hardfork', () => {
    const common = createDevCommon(31337n, 'forks')
    const before = decodeRawTransaction(transfer(0n, common).raw, common).tx.common
    const fork = common.hardfork()
    common.setHardfork(Hardfork.Cancun)
    const after = decodeRawTransaction(transfer(1n, common).raw, common).tx.common
    expect(after).not.toBe(before)
    expect(after.hardfork()).toBe(Hardfork.Cancun)
    expect(before.hardfork()).toBe(fork)
  })

  test('it cannot change its rules, which would change them for every transaction sharing it', () => {
    const common = createDevCommon(31337n, 'fixed')
    const shared = decodeRawTransaction(transfer(0n, common).raw, common).tx.common
    expect(() => shared.setHardfork(Hardfork.Cancun)).toThrow(/cannot change rules/)
    expect(() => shared.setHardforkBy({ blockNumber: 0n, timestamp: 0n })).toThrow(/cannot change rules/)
    expect(shared.hardfork()).toBe(common.hardfork())
  })

  test("a transaction decoded before a fork is judged by its block's fork: refused when the new rules refuse it", async () => {
    const address = `0x${Buffer.from(account!.address).toString('hex')}`
    const genesis = parseGethGenesis({
      config: {
        chainId: 1337,
        ...MERGED_AT_GENESIS,
        terminalTotalDifficulty: 0,
        shanghaiTime: 0,
        cancunTime: 0,
        pragueTime: 0,
        osakaTime: 1000,
        blobSchedule: { cancun: CANCUN_BLOBS, prague: PRAGUE_BLOBS, osaka: PRAGUE_BLOBS },
      },
      timestamp: '0x0',
      gasLimit: '0x5f5e100',
      difficulty: '0x0',
      alloc: { [address]: { balance: '0xffffffffffffffffffffff' } },
    })
    const engine = await ExecutionEngine.create(genesis.common, { followForks: true })
    const parent = await engine.createGenesis(genesis.spec)
    const fields = { type: 2, chainId: 1337n, maxFeePerGas: 10n ** 10n, maxPriorityFeePerGas: 1n, to: new Uint8Array(20).fill(1) } as const
    // Both signed while the chain is at Prague; Osaka caps a transaction's gas at 2^24.
    const overCap = signTransaction({ ...fields, nonce: 0n, gasLimit: 20_000_000n }, account!.privateKey, engine.common)
    const underCap = signTransaction({ ...fields, nonce: 0n, gasLimit: 21_000n }, account!.privateKey, engine.common)
    expect(overCap.tx.common.hardfork()).toBe(Hardfork.Prague)
    const template = { parent, timestamp: 2000n, coinbase: new Uint8Array(20), gasLimit: 100_000_000n, prevRandao: new Uint8Array(32) }
    const refused = await engine.build(template, [overCap], () => undefined)
    expect(refused.block.transactions).toHaveLength(0)
    expect(refused.rejected.map((r) => r.reason)).toEqual([expect.stringMatching(/EIP-7825/)])
    const built = await engine.build(template, [underCap], () => undefined)
    expect(built.block.transactions).toHaveLength(1)
    expect(built.block.transactions[0]!.common.hardfork()).toBe(Hardfork.Osaka)
    // The block decodes as an importer would decode it.
    expect(() => createBlockFromBytesArray(built.block.raw() as never, { common: genesis.common, setHardfork: true })).not.toThrow()
  })

  test('a mined block keeps bytes; what is decoded from them again shares the one Common of its fork', async () => {
    const node = await ChainNode.create({ mining: { auto: true } })
    try {
      const sent = transfer(0n, createDevCommon(node.chainId, node.name))
      await node.sendRawTransaction(sent.raw)
      const found = node.transaction(sent.hash)
      if (found?.status !== 'mined') throw new Error('not mined')
      const block = found.location.block.toBlock()
      expect(block.transactions[0]!.serialize()).toEqual(sent.raw)
      expect(block.hash()).toEqual(found.location.block.hash)
      expect(block.header.common).toBe(block.transactions[0]!.common)
    } finally {
      await node.close()
    }
  })
})

describe('the fast EIP lookup', () => {
  test("answers as Common's own scan does, at every hardfork, after each hardfork change", () => {
    const reference = new Common({ chain: Mainnet })
    const fast = withFastEipLookup(new Common({ chain: Mainnet }))
    for (const fork of [Hardfork.Chainstart, Hardfork.Berlin, Hardfork.London, Hardfork.Cancun, Hardfork.Prague, Hardfork.Osaka, Hardfork.Berlin]) {
      reference.setHardfork(fork)
      fast.setHardfork(fork)
      for (let eip = 0; eip < 8000; eip++) expect(fast.isActivatedEIP(eip)).toBe(reference.isActivatedEIP(eip))
    }
  })

  test('copies keep it', () => {
    const fast = withFastEipLookup(new Common({ chain: Mainnet, hardfork: Hardfork.Prague }))
    const copy = fast.copy()
    copy.setHardfork(Hardfork.London)
    expect(copy.isActivatedEIP(7702)).toBe(false)
    expect(fast.isActivatedEIP(7702)).toBe(true)
    expect(Object.getPrototypeOf(copy)).toBe(Object.getPrototypeOf(fast))
  })
})
