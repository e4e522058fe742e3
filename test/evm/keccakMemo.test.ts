import { keccak_256 } from '@noble/hashes/sha3.js'
import { Bloom } from '@ethereumjs/vm'
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { addToBloom, keccak256 } from '../../src/evm/crypto/crypto.ts'
import { logsBloom } from '../../src/evm/encoding/bloom.ts'
import { fuzzParameters } from '../fuzz/fuzzSettings.ts'

/** The yellow paper's bloom bits, from noble's keccak. */
function referenceBloom(items: readonly Uint8Array[]): Uint8Array {
  const bloom = new Uint8Array(256)
  for (const item of items) {
    const hash = keccak_256(item)
    for (let i = 0; i < 6; i += 2) {
      const bit = ((hash[i]! << 8) | hash[i + 1]!) & 2047
      bloom[255 - (bit >> 3)]! |= 1 << (bit & 7)
    }
  }
  return bloom
}

describe('the keccak memo', () => {
  test('answers keccak-256 for any input, however many distinct ones evict each other, with a copy each time', () => {
    fc.assert(
      fc.property(fc.array(fc.uint8Array({ maxLength: 40 }), { minLength: 1, maxLength: 400 }), (inputs) => {
        for (const input of [...inputs, ...inputs]) expect(keccak256(input)).toEqual(keccak_256(input))
        const first = keccak256(inputs[0]!)
        first.fill(0)
        expect(keccak256(inputs[0]!)).toEqual(keccak_256(inputs[0]!))
      }),
      fuzzParameters(60),
    )
    for (let i = 0; i < 20_000; i++) {
      const input = new Uint8Array(32).map((_, j) => (i * 31 + j * 7) % 256)
      if (i % 997 === 0) expect(keccak256(input)).toEqual(keccak_256(input))
      else keccak256(input)
    }
  })

  test('blooms: addToBloom, logsBloom and the library Bloom set the yellow paper bits, views of larger arrays included', () => {
    fc.assert(
      fc.property(fc.array(fc.uint8Array({ maxLength: 40 }), { maxLength: 30 }), fc.nat(8), (items, offset) => {
        const views = items.map((item) => {
          const backing = new Uint8Array(item.length + offset + 3)
          backing.set(item, offset)
          return backing.subarray(offset, offset + item.length)
        })
        const ours = new Uint8Array(256)
        for (const view of views) addToBloom(ours, view)
        expect(ours).toEqual(referenceBloom(items))
        const library = new Bloom()
        for (const view of views) library.add(view)
        expect(library.bitvector).toEqual(referenceBloom(items))
        const logs = items
          .filter((item) => item.length === 20)
          .map((address) => ({ address, topics: items.filter((t) => t.length === 32), data: new Uint8Array() }))
        expect(logsBloom(logs)).toEqual(referenceBloom(logs.flatMap((log) => [log.address, ...log.topics])))
      }),
      fuzzParameters(150),
    )
  })
})
