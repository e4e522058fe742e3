import { Bloom } from '@ethereumjs/vm'
import { addToBloom, keccak256 } from '../crypto/crypto.ts'

/**
 * runTx computes every transaction's logs bloom with @ethereumjs/vm's Bloom, whose `add` hashes the item and reads
 * its three bits through a new DataView each: ~12% of mining 100-event transactions, the largest cost outside the
 * interpreter. The same bits come from chainsim's keccak memo, read in place (crypto.ts `addToBloom`).
 *
 * The library calls `add` on blooms it makes itself, so the method is replaced on the prototype, once, when
 * chainsim first builds an engine (never at import). The replacement takes the fast path only for blooms made with
 * chainsim's own keccak (their Common's `customCrypto`, `nativeCrypto`): a bloom anyone else makes in the same
 * process runs the library's own `add`, unchanged. test/evm/patches/ holds what this assumes of Bloom.
 */
type BloomLike = { keccakFunction: (data: Uint8Array) => Uint8Array; bitvector: Uint8Array }

let installed = false

export function installFastBloom(): void {
  if (installed) return
  installed = true
  const original = Bloom.prototype.add as (this: Bloom, item: Uint8Array) => void
  if (typeof original !== 'function') throw new Error('@ethereumjs/vm changed: Bloom.prototype.add is gone (src/evm/patches/fastBloom.ts)')
  Bloom.prototype.add = function add(this: Bloom, item: Uint8Array): void {
    const bloom = this as unknown as BloomLike
    if (bloom.keccakFunction === keccak256) addToBloom(bloom.bitvector, item)
    else original.call(this, item)
  }
}
