import { Common, Mainnet } from '@ethereumjs/common'
import { Bloom } from '@ethereumjs/vm'
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { createDevCommon } from '../../../src/evm/index.ts'
import { installFastBloom } from '../../../src/evm/patches/fastBloom.ts'
import { fuzzParameters } from '../../fuzz/fuzzSettings.ts'

describe('patch: the logs bloom read from the keccak memo (src/evm/patches/fastBloom.ts)', () => {
  test("@ethereumjs/vm's Bloom still keeps its keccak function and bit vector where the patch reads them", () => {
    const bloom = new Bloom(undefined, createDevCommon(31337n, 'bloom')) as unknown as Record<string, unknown>
    expect(typeof bloom.keccakFunction, 'Bloom no longer keeps `keccakFunction`').toBe('function')
    expect(bloom.bitvector, 'Bloom no longer keeps `bitvector`').toBeInstanceOf(Uint8Array)
    expect(typeof Bloom.prototype.add, 'Bloom.prototype.add is gone').toBe('function')
  })

  test("property: a bloom of chainsim's sets the bits the library's own sets; a bloom of anyone else's runs the library's add", () => {
    installFastBloom()
    const other = new Common({ chain: Mainnet })
    fc.assert(
      fc.property(fc.array(fc.uint8Array({ minLength: 1, maxLength: 40 }), { maxLength: 20 }), (items) => {
        const ours = new Bloom(undefined, createDevCommon(31337n, 'bloom'))
        const theirs = new Bloom(undefined, other)
        for (const item of items) {
          ours.add(item)
          theirs.add(item)
        }
        expect(ours.bitvector).toEqual(theirs.bitvector)
      }),
      fuzzParameters(100),
    )
  })
})
