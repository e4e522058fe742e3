import { MerklePatriciaTrie } from '@ethereumjs/mpt'
import { Caches, MerkleStateManager } from '@ethereumjs/statemanager'
import { Address, createAccount, MapDB, ValueEncoding } from '@ethereumjs/util'
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { CachedStateManager } from '../../src/evm/patches/cachedStateManager.ts'
import { createDevCommon } from '../../src/evm/index.ts'
import { fuzzParameters } from '../fuzz/fuzzSettings.ts'

const common = createDevCommon(31337n, 'cached')
const address = (n: number) => new Address(new Uint8Array(20).fill(n + 1))
const slot = (n: number) => new Uint8Array(32).fill(n)

/** A trie over a map database that counts the nodes written to it. */
function countingTrie() {
  const db = new MapDB<string, Uint8Array>()
  let writes = 0
  const put = db.put.bind(db)
  db.put = async (key, value) => {
    writes++
    return put(key, value)
  }
  const trie = new MerklePatriciaTrie({ useKeyHashing: true, common, db: db as never, valueEncoding: ValueEncoding.Bytes })
  return { trie, writes: () => writes }
}

describe('CachedStateManager', () => {
  test('storage is written to the caches only until the flush (the library writes the trie at every put too)', async () => {
    const { trie, writes } = countingTrie()
    const state = new CachedStateManager({ common, trie, caches: new Caches() })
    await state.checkpoint()
    await state.putAccount(address(1), createAccount({ balance: 1n }))
    for (let i = 0; i < 20; i++) await state.putStorage(address(1), slot(i), Uint8Array.of(i + 1))
    expect(writes()).toBe(0)
    expect(await state.getStorage(address(1), slot(7))).toEqual(Uint8Array.of(8))
    await state.commit()
    expect(writes()).toBeGreaterThan(0)
  })

  test("property: the same writes give the same state root as the library's own state manager", async () => {
    const write = fc.record({ account: fc.integer({ min: 0, max: 5 }), slot: fc.integer({ min: 0, max: 8 }), value: fc.uint8Array({ maxLength: 32 }) })
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(write, { maxLength: 12 }), { minLength: 1, maxLength: 4 }), async (blocks) => {
        const ours = new CachedStateManager({ common, trie: countingTrie().trie, caches: new Caches() })
        const library = new MerkleStateManager({ common, trie: countingTrie().trie, caches: new Caches() })
        for (const writes of blocks) {
          for (const state of [ours, library]) {
            await state.checkpoint()
            for (const w of writes) {
              if (!(await state.getAccount(address(w.account)))) await state.putAccount(address(w.account), createAccount({ nonce: 1n }))
              await state.putStorage(address(w.account), slot(w.slot), w.value)
            }
            await state.commit()
          }
          expect(await ours.getStateRoot()).toEqual(await library.getStateRoot())
        }
      }),
      fuzzParameters(60),
    )
  })

  test('refuses what the library refuses, in its words', async () => {
    const state = new CachedStateManager({ common, trie: countingTrie().trie, caches: new Caches() })
    await expect(state.putStorage(address(1), slot(1), Uint8Array.of(1))).rejects.toThrow('putStorage() called on non-existing account')
    await state.putAccount(address(1), createAccount({ nonce: 1n }))
    await expect(state.putStorage(address(1), new Uint8Array(31), Uint8Array.of(1))).rejects.toThrow('Storage key must be 32 bytes long')
    await expect(state.putStorage(address(1), slot(1), new Uint8Array(33))).rejects.toThrow('Storage value cannot be longer than 32 bytes')
  })
})
