import { Common, Hardfork, Mainnet } from '@ethereumjs/common'
import { describe, expect, test } from 'vitest'
import { createDevCommon, decodeRawTransaction, deriveDevAccounts, DEV_MNEMONIC, signTransaction } from '../../src/evm/index.ts'
import { ChainNode } from '../../src/node.ts'
import { withFastEipLookup } from '../../src/evm/fastCommon.ts'

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

  test('a mined block holds the transaction objects that ran, not rebuilt copies', async () => {
    const node = await ChainNode.create({ mining: { auto: true } })
    try {
      const sent = transfer(0n, node.chain.engine.common)
      await node.sendRawTransaction(sent.raw)
      const found = node.transaction(sent.hash)
      if (found?.status !== 'mined') throw new Error('not mined')
      const block = found.location.block
      expect(block.block.transactions[0]).toBe(block.transactions[0]!.signed.tx)
      expect(block.block.header.common).toBe(block.block.transactions[0]!.common)
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
