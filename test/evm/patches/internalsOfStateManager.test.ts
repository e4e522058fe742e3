import { MerklePatriciaTrie } from '@ethereumjs/mpt'
import { Caches, MerkleStateManager } from '@ethereumjs/statemanager'
import { Account, Address, MapDB, ValueEncoding } from '@ethereumjs/util'
import { describe, expect, test } from 'vitest'
import { createDevCommon } from '../../../src/evm/index.ts'
import { trieDatabaseOf } from '../../../src/evm/patches/trieDatabase.ts'

// What chainsim's state managers (patches/cachedStateManager.ts, patches/forkStateManager.ts) and the isolated
// states (patches/trieDatabase.ts) take from MerkleStateManager's protected members.
const common = createDevCommon(31337n, 'internals')
const manager = () => {
  const db = new MapDB<string, Uint8Array>()
  const trie = new MerklePatriciaTrie({ useKeyHashing: true, common, db: db as never, valueEncoding: ValueEncoding.Bytes })
  return { db, state: new MerkleStateManager({ common, trie, caches: new Caches() }) }
}

describe('patch: MerkleStateManager internals a subclass uses', () => {
  test('the protected members are there, of the kinds used', async () => {
    const { state } = manager()
    const members = state as unknown as Record<string, unknown>
    for (const name of ['_trie', '_caches']) expect(members[name], `MerkleStateManager.${name} is gone`).toBeDefined()
    for (const name of ['_getStorageTrie', '_getCodeDB', '_writeContractStorage', '_modifyContractStorage']) {
      expect(typeof members[name], `MerkleStateManager.${name}() is gone`).toBe('function')
    }
    expect(typeof members._checkpointCount, 'MerkleStateManager._checkpointCount is gone').toBe('number')
    for (const name of ['_prefixCodeHashes', '_prefixStorageTrieKeys']) expect(typeof members[name], `MerkleStateManager.${name} is gone`).toBe('boolean')
    await state.checkpoint()
    expect(members._checkpointCount, '_checkpointCount no longer counts open checkpoints').toBe(1)
    await state.revert()
  })

  test("trieDatabaseOf gives the database the state's trie writes to", async () => {
    const { db, state } = manager()
    expect(trieDatabaseOf(state)).toBe(db)
    await state.putAccount(new Address(new Uint8Array(20).fill(1)), new Account(1n, 1n))
    await state.getStateRoot()
    expect((await db.get(Buffer.from(await state.getStateRoot()).toString('hex'))) !== undefined).toBe(true)
  })
})
