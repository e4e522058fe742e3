import { MerklePatriciaTrie } from '@ethereumjs/mpt'
import { Caches, MerkleStateManager } from '@ethereumjs/statemanager'
import { Address, createAccount, MapDB, ValueEncoding } from '@ethereumjs/util'
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { createDevCommon } from '../../src/evm/index.ts'
import { StateStore } from '../../src/evm/state/stateStore.ts'
import { fuzzParameters } from '../fuzz/fuzzSettings.ts'

const common = createDevCommon(31337n, 'store')
const slot = (n: number) => new Uint8Array(32).fill(n)
const address = (n: number) => new Address(new Uint8Array(20).fill(n))

/** A state manager writing to `db` (the store, or a plain map as the reference), at `root`. */
async function stateOn(db: StateStore | MapDB<string, Uint8Array>, root?: Uint8Array): Promise<MerkleStateManager> {
  const trie = new MerklePatriciaTrie({ useKeyHashing: true, common, db: db as never, valueEncoding: ValueEncoding.Bytes })
  const state = new MerkleStateManager({ common, trie, caches: new Caches() })
  if (root) await state.setStateRoot(root)
  return state
}

/** Nodes and code entries the state `root` reaches, counted by walking it (storage tries and code included). */
async function reachable(db: StateStore | MapDB<string, Uint8Array>, root: Uint8Array, accounts: number[]): Promise<number> {
  const trie = new MerklePatriciaTrie({ useKeyHashing: true, common, db: db as never, valueEncoding: ValueEncoding.Bytes, root })
  let count = 0
  await trie.walkAllNodes(async () => void count++)
  const state = await stateOn(db, root)
  const seen = new Set<string>()
  for (const n of accounts) {
    const account = await state.getAccount(address(n))
    if (!account) continue
    const storageRoot = Buffer.from(account.storageRoot).toString('hex')
    if (!account.storageRoot.every((b, i) => b === trie.EMPTY_TRIE_ROOT[i]) && !seen.has(storageRoot)) {
      seen.add(storageRoot)
      const storage = new MerklePatriciaTrie({ useKeyHashing: true, common, db: db as never, valueEncoding: ValueEncoding.Bytes, root: account.storageRoot })
      await storage.walkAllNodes(async () => void count++)
    }
    const code = Buffer.from(account.codeHash).toString('hex')
    if (account.isContract() && !seen.has(code)) {
      seen.add(code)
      count++
    }
  }
  return count
}

/** Writes one version of the state: balances, a slot per account and code for some, then seals it. */
async function writeVersion(store: StateStore, base: Uint8Array | undefined, version: number, accounts: number[]): Promise<Uint8Array> {
  const state = await stateOn(store, base)
  for (const n of accounts) {
    await state.putAccount(address(n), createAccount({ balance: BigInt(version * 1000 + n), nonce: BigInt(version) }))
    if (n % 2 === 0) await state.putCode(address(n), Uint8Array.of(0x60, n, 0x60, version % 3))
    await state.putStorage(address(n), slot(n), Uint8Array.of(version + 1))
    await state.putStorage(address(n), slot(n + 100), Uint8Array.of(n + 1))
  }
  const root = await state.getStateRoot()
  store.seal(root)
  return root
}

async function readsAsWritten(store: StateStore, root: Uint8Array, version: number, accounts: number[]): Promise<void> {
  const state = await stateOn(store, root)
  for (const n of accounts) {
    expect((await state.getAccount(address(n)))?.balance).toBe(BigInt(version * 1000 + n))
    expect(await state.getStorage(address(n), slot(n))).toEqual(Uint8Array.of(version + 1))
    if (n % 2 === 0) expect(await state.getCode(address(n))).toEqual(Uint8Array.of(0x60, n, 0x60, version % 3))
  }
}

describe('StateStore', () => {
  test('a seal keeps exactly what the new state reaches: intermediate writes are dropped', async () => {
    const store = new StateStore()
    const accounts = [1, 2, 3, 4, 5, 6, 7, 8]
    const root = await writeVersion(store, undefined, 0, accounts)
    expect(store.size).toBe(await reachable(store, root, accounts))
  })

  test('states share nodes; releasing one frees only what no other reaches; releasing all frees everything', async () => {
    const store = new StateStore()
    const accounts = [1, 2, 3, 4, 5, 6, 7, 8]
    const first = await writeVersion(store, undefined, 0, accounts)
    const second = await writeVersion(store, first, 1, [2, 5])
    const third = await writeVersion(store, second, 2, [7])
    store.release(second)
    expect(store.hasState(second)).toBe(false)
    await readsAsWritten(store, first, 0, accounts)
    await readsAsWritten(store, third, 2, [7])
    await readsAsWritten(store, third, 1, [2, 5])
    store.release(first)
    await readsAsWritten(store, third, 0, [1, 3, 4, 6, 8])
    expect(store.size).toBe(await reachable(store, third, accounts))
    store.release(third)
    expect(store.size).toBe(0)
  })

  test('a state retained twice stays until released twice; sealing a state that exists counts one more holder', async () => {
    const store = new StateStore()
    const root = await writeVersion(store, undefined, 0, [1, 2])
    store.retain(root)
    const again = await writeVersion(store, root, 0, [1, 2])
    expect(again).toEqual(root)
    store.release(root)
    store.release(root)
    await readsAsWritten(store, root, 0, [1, 2])
    store.release(root)
    expect(store.size).toBe(0)
  })

  test('any order of new states and releases: what is kept reads as a store that never frees anything', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ base: fc.nat(), touched: fc.uniqueArray(fc.integer({ min: 1, max: 12 }), { minLength: 1, maxLength: 4 }), release: fc.nat() }), {
          minLength: 1,
          maxLength: 12,
        }),
        async (steps) => {
          const store = new StateStore()
          const reference = new MapDB<string, Uint8Array>()
          const kept: Array<{ root: Uint8Array; reference: Uint8Array }> = []
          for (const [version, step] of steps.entries()) {
            const base = kept.length > 0 ? kept[step.base % kept.length] : undefined
            const root = await writeVersion(store, base?.root, version, step.touched)
            const state = await stateOn(reference, base?.reference)
            for (const n of step.touched) {
              await state.putAccount(address(n), createAccount({ balance: BigInt(version * 1000 + n), nonce: BigInt(version) }))
              if (n % 2 === 0) await state.putCode(address(n), Uint8Array.of(0x60, n, 0x60, version % 3))
              await state.putStorage(address(n), slot(n), Uint8Array.of(version + 1))
              await state.putStorage(address(n), slot(n + 100), Uint8Array.of(n + 1))
            }
            kept.push({ root, reference: await state.getStateRoot() })
            if (kept.length > 2 && step.release % 2 === 0) store.release(kept.splice(step.release % kept.length, 1)[0]!.root)
          }
          for (const { root, reference: referenceRoot } of kept) {
            expect(root).toEqual(referenceRoot)
            const ours = await stateOn(store, root)
            const theirs = await stateOn(reference, referenceRoot)
            for (let n = 1; n <= 12; n++) {
              expect((await ours.getAccount(address(n)))?.balance).toBe((await theirs.getAccount(address(n)))?.balance)
              expect(await ours.getStorage(address(n), slot(n))).toEqual(await theirs.getStorage(address(n), slot(n)))
              expect(await ours.getCode(address(n))).toEqual(await theirs.getCode(address(n)))
            }
          }
          for (const { root } of kept) store.release(root)
          expect(store.size).toBe(0)
        },
      ),
      fuzzParameters(25),
    )
  })
})
