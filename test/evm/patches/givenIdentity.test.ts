import { BlockHeader, createBlock } from '@ethereumjs/block'
import { createTx } from '@ethereumjs/tx'
import type { TypedTxData } from '@ethereumjs/tx'
import { Address } from '@ethereumjs/util'
import { describe, expect, test } from 'vitest'
import { createDevCommon } from '../../../src/evm/index.ts'
import { withBlobGasPrice } from '../../../src/evm/patches/blobGasPriceOverride.ts'
import { withGivenHash, withGivenSender } from '../../../src/evm/patches/givenIdentity.ts'

// What patches/givenIdentity.ts and patches/blobGasPriceOverride.ts replace on one object each.
const common = createDevCommon(31337n, 'identity')

describe("patch: a transaction's given sender and hash, a header's given blob base fee", () => {
  test('each transaction type answers getSenderAddress() and hash() through the replaced methods', () => {
    for (const type of [0, 1, 2]) {
      const fields = { type, to: new Uint8Array(20).fill(2), gasLimit: 21_000n, gasPrice: 1n, maxFeePerGas: 1n } as TypedTxData
      const tx = createTx(fields, { common, freeze: false })
      expect(typeof tx.getSenderAddress, `type ${type}: getSenderAddress() is gone`).toBe('function')
      expect(typeof tx.hash, `type ${type}: hash() is gone`).toBe('function')
      const sender = new Address(new Uint8Array(20).fill(7))
      const hash = new Uint8Array(32).fill(9)
      withGivenHash(withGivenSender(tx, sender), hash)
      expect(tx.getSenderAddress()).toBe(sender)
      expect(tx.hash()).toBe(hash)
    }
  })

  test("a header's getBlobGasPrice() answers the given fee", () => {
    const block = createBlock({ header: { number: 1n, excessBlobGas: 0n } }, { common, freeze: false })
    expect(typeof BlockHeader.prototype.getBlobGasPrice, 'BlockHeader.getBlobGasPrice() is gone').toBe('function')
    expect(withBlobGasPrice(block.header, 12345n).getBlobGasPrice()).toBe(12345n)
  })
})
