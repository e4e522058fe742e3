import type { MerkleStateManager } from '@ethereumjs/statemanager'
import type { DB } from '@ethereumjs/util'

/**
 * The trie database a state manager reads from: isolated states (calls, simulations, re-executed blocks) are
 * overlays over it. MerkleStateManager keeps its trie in the protected `_trie`, with no public accessor.
 * test/evm/patches/ holds what this assumes.
 */
export function trieDatabaseOf(manager: MerkleStateManager): DB<string | Uint8Array | number, string | Uint8Array> {
  const trie = (manager as unknown as { _trie?: { database(): { db: DB<string | Uint8Array | number, string | Uint8Array> } } })._trie
  if (!trie || typeof trie.database !== 'function')
    throw new Error('@ethereumjs/statemanager changed: MerkleStateManager._trie.database() is gone (src/evm/patches/trieDatabase.ts)')
  return trie.database().db
}
