import type { SignatureOverrides } from './signatureOverrides.ts'
import type { Common } from '@ethereumjs/common'
import type { CustomPrecompile } from '@ethereumjs/evm'
import { MerklePatriciaTrie } from '@ethereumjs/mpt'
import { MerkleStateManager } from '@ethereumjs/statemanager'
import type { Caches } from '@ethereumjs/statemanager'
import { ValueEncoding } from '@ethereumjs/util'
import { createVM } from '@ethereumjs/vm'
import type { VM, VMOpts } from '@ethereumjs/vm'
import { CachedStateManager } from '../patches/cachedStateManager.ts'
import { ForkStateManager } from '../patches/forkStateManager.ts'
import type { ForkStateLink } from '../state/forkState.ts'
import { OverlayDB } from '../state/overlayDb.ts'
import { hashOnlyBlockchain } from '../patches/hashOnlyBlockchain.ts'
import { withJumpAnalysisCache } from '../patches/jumpAnalysisCache.ts'

/** Looks up the hash of an ancestor of the block being executed (BLOCKHASH). */
export type AncestorHashLookup = (number: bigint) => Uint8Array | undefined

/** What an isolated state or VM is made from. */
export interface IsolationBase {
  /** The trie database holding the state to start from (the chain's, or a pending block's overlay). */
  db: ConstructorParameters<typeof OverlayDB>[0]
  common: Common
  /** BLOCKHASH for this run alone, so that concurrent runs never see each other's ancestors. */
  ancestorHash: AncestorHashLookup
  /** A forked chain's link to its upstream: state it has not written, and hashes of blocks up to the fork block. */
  fork?: ForkStateLink
  /** The chain's ecrecover answers for registered signatures (anvil_impersonateSignature). */
  signatures: SignatureOverrides
}

/**
 * A state manager at `stateRoot` whose writes stay in an overlay over the base database: it can
 * be changed freely (overrides, simulated blocks, re-executed history) and leaves nothing behind.
 */
export async function isolatedState(base: IsolationBase, stateRoot: Uint8Array): Promise<MerkleStateManager> {
  const trie = new MerklePatriciaTrie({
    useKeyHashing: true,
    common: base.common,
    db: new OverlayDB(base.db),
    valueEncoding: ValueEncoding.Bytes,
  })
  const state = stateManagerOver(trie, base.common, base.fork)
  await state.setStateRoot(stateRoot)
  return state
}

/**
 * A state manager over `trie`, with `caches` if given; a forked chain's reads what it has not written through
 * to its upstream. The fork's reads its trie directly (it tells a key it does not hold from one it holds as
 * zero), so it takes no caches.
 */
export function stateManagerOver(trie: MerklePatriciaTrie, common: Common, fork: ForkStateLink | undefined, caches?: Caches): MerkleStateManager {
  if (fork) return new ForkStateManager({ common, trie, ...(caches ? { caches } : {}) }, fork)
  return caches ? new CachedStateManager({ common, trie, caches }) : new MerkleStateManager({ common, trie })
}

/**
 * A VM of its own over `state`. `common` must be a copy made for it: a VM's EVM subscribes to its
 * Common's events for good, so the chain's own would keep a listener (and this VM) per run.
 */
export async function isolatedVm(base: IsolationBase, state: MerkleStateManager, common: Common, customPrecompiles: CustomPrecompile[] = []): Promise<VM> {
  return withJumpAnalysisCache(
    await createVM({
      common,
      stateManager: state,
      blockchain: blockchainFor(base.ancestorHash, base.fork),
      // A state override of 0x01 comes after the chain's own ecrecover, and wins.
      evmOpts: { customPrecompiles: [...base.signatures.precompiles(common), ...customPrecompiles] },
    }),
  )
}

/** The blockchain the EVM asks for BLOCKHASH: ancestors by number (a fork's upstream's up to its fork block), zero when unknown. */
export function blockchainFor(ancestorHash: AncestorHashLookup, fork: ForkStateLink | undefined): VMOpts['blockchain'] {
  return hashOnlyBlockchain(async (number) => ancestorHash(number) ?? (await fork?.source.blockHash(number)) ?? new Uint8Array(32))
}
