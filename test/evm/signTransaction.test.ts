import { createTxFromRLP } from '@ethereumjs/tx'
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { addressOf, bytesToHex, createDevCommon, signTransaction } from '../../src/evm/index.ts'
import type { TypedTxData } from '../../src/evm/index.ts'
import { fuzzParameters } from '../fuzz/fuzzSettings.ts'

const common = createDevCommon(31337n, 'signing')

describe('signTransaction', () => {
  test('property: the sender it gives the transaction is the one its signature recovers to', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), fc.constantFrom(0, 1, 2), fc.bigInt({ min: 0n, max: 1000n }), (key, type, nonce) => {
        fc.pre(key.some((b) => b !== 0) && key[0]! < 0xff)
        const signed = signTransaction(
          {
            type,
            chainId: 31337n,
            nonce,
            gasLimit: 21_000n,
            gasPrice: 10n ** 9n,
            maxFeePerGas: 10n ** 9n,
            maxPriorityFeePerGas: 1n,
            to: new Uint8Array(20).fill(1),
            value: 1n,
          } as TypedTxData,
          key,
          common,
        )
        const expected = bytesToHex(addressOf(key))
        expect(signed.fromKey).toBe(expected)
        // Decoded from its bytes, the signature alone names the same sender.
        expect(bytesToHex(createTxFromRLP(signed.raw, { common }).getSenderAddress().bytes)).toBe(expected)
      }),
      fuzzParameters(50),
    )
  })
})
