import { Chain, toChainBlock } from '../chain/chain.ts'
import type { ClockMode } from '../chain/clock.ts'
import type { StateBlocks } from '../chain/stateWindow.ts'
import type { ChainBlock } from '../chain/types.ts'
import {
  addressOf,
  bytesToHex,
  decodeImpersonatedTransaction,
  decodeRawTransaction,
  decodeRlpBlocks,
  ExecutionEngine,
  hexToBytes,
  networkEncodingOf,
  parseGethGenesis,
} from '../evm/index.ts'
import type { AccountChange, BlobSidecar, ExecutedTransaction, SignedTransaction } from '../evm/index.ts'
import { ChainNode } from '../node.ts'
import type { LoadedNetwork } from '../node.ts'
import { stateBlocksOf } from '../nodeOptions.ts'
import type { NodeOptions } from '../nodeOptions.ts'
import { StateFileError } from './errors.ts'
import type { AccountEdit, NetworkState } from './stateFile.ts'

/**
 * A consistent picture of a network (taken between two writes): genesis, every block of every
 * branch, the canonical head, pool, clock, keys, and state set directly on accounts (anvil_setBalance...),
 * both what later blocks were built on and what is on the head now. Snapshots are not saved.
 */
export function captureNetworkState(node: ChainNode): Promise<NetworkState> {
  const genesis = node.gethGenesis()
  return node.consistentRead(() => {
    const { chain } = node
    const { clock } = node.settings
    const { mode } = clock
    const blocks = chain.allBlocks().filter((b) => b.number > chain.genesis.number)
    const edited = blocks.filter((b) => b.stateEdits !== undefined)
    const headEdits = node.headStateEdits
    const pool = node.pooledTransactions
    const impersonated = impersonatedSendersOf(blocks, pool)
    return {
      name: node.name,
      chainId: chain.chainId.toString(10),
      genesis,
      blocks: blocks.map((b) => bytesToHex(b.toBlock().serialize())),
      head: chain.head.hashKey,
      finality: {
        safeDepth: chain.finality.safeDepth.toString(10),
        finalizedDepth: chain.finality.finalizedDepth.toString(10),
        ...(chain.finality.safeAtLeast === undefined ? {} : { safeAtLeast: chain.finality.safeAtLeast.toString(10) }),
        ...(chain.finality.finalizedAtLeast === undefined ? {} : { finalizedAtLeast: chain.finality.finalizedAtLeast.toString(10) }),
      },
      pool: pool.map((s) => bytesToHex(networkEncodingOf(s))),
      blobTransactions: minedBlobTransactions(chain.allBlocks()),
      clock: {
        mode: mode.kind === 'wall' ? { kind: 'wall' } : { kind: 'fixed', genesisTime: mode.genesisTime.toString(10), blockTime: mode.blockTime.toString(10) },
        offset: clock.offset.toString(10),
        ...(clock.nextTimestamp === undefined ? {} : { nextTimestamp: clock.nextTimestamp.toString(10) }),
        ...(clock.interval === undefined ? {} : { interval: clock.interval.toString(10) }),
      },
      accounts: node.accounts.map((a) => bytesToHex(a.privateKey)),
      ...(edited.length === 0 ? {} : { stateEdits: Object.fromEntries(edited.map((b) => [b.hashKey, (b.stateEdits ?? []).map(toEdit)])) }),
      ...(headEdits.length === 0 ? {} : { headEdits: headEdits.map(toEdit) }),
      ...(impersonated ? { impersonated } : {}),
    }
  })
}

/** Where transactions sent as impersonated accounts stand, with their senders; undefined when there are none. */
function impersonatedSendersOf(blocks: readonly ChainBlock[], pool: readonly SignedTransaction[]): NetworkState['impersonated'] {
  const sent = (signed: readonly SignedTransaction[]) => signed.flatMap((s, index): Array<[number, string]> => (s.impersonated ? [[index, s.fromKey]] : []))
  const inBlocks = blocks.flatMap((b) => {
    const found = sent(b.transactions.map((t) => t.signed))
    return found.length === 0 ? [] : [[b.hashKey, found] as const]
  })
  const inPool = sent(pool)
  if (inBlocks.length === 0 && inPool.length === 0) return undefined
  return { ...(inBlocks.length === 0 ? {} : { blocks: Object.fromEntries(inBlocks) }), ...(inPool.length === 0 ? {} : { pool: inPool }) }
}

/**
 * Rebuilds a saved network: every block is executed again on its parent's state (with the state set on
 * that parent first) and checked against its header (state root, receipts root...), side branches
 * included, then the saved head is made canonical. `source` names where the state came from in errors;
 * `stateBlocks` is how many of the newest blocks keep their state.
 */
export async function rebuildNetwork(state: NetworkState, source: string, stateBlocks: StateBlocks): Promise<LoadedNetwork> {
  const fail = (what: string, cause?: unknown): never => {
    throw new StateFileError(`${source}: network ${state.name}: ${what}`, { cause })
  }
  let genesis
  try {
    genesis = parseGethGenesis(state.genesis)
  } catch (error) {
    return fail(`genesis: ${(error as Error).message}`, error)
  }
  if (genesis.chainId.toString(10) !== state.chainId) fail(`genesis chain id ${genesis.chainId} is not the saved ${state.chainId}`)
  const engine = await ExecutionEngine.create(genesis.common, { followForks: true })
  const genesisBlock = await engine.createGenesis(genesis.spec)
  const finality = {
    safeDepth: BigInt(state.finality.safeDepth),
    finalizedDepth: BigInt(state.finality.finalizedDepth),
    safeAtLeast: state.finality.safeAtLeast === undefined ? undefined : BigInt(state.finality.safeAtLeast),
    finalizedAtLeast: state.finality.finalizedAtLeast === undefined ? undefined : BigInt(state.finality.finalizedAtLeast),
  }
  const chain = new Chain(engine, toChainBlock(genesisBlock, []), finality, stateBlocks)
  const encoded = Buffer.concat(state.blocks.map((b) => hexToBytes(b as `0x${string}`)))
  const sidecars = new Map<string, BlobSidecar>()
  for (const raw of state.blobTransactions ?? []) {
    try {
      const signed = decodeRawTransaction(hexToBytes(raw as `0x${string}`), engine.common)
      if (signed.sidecar) sidecars.set(signed.hashKey, signed.sidecar)
    } catch (error) {
      fail(`blob transaction ${raw.slice(0, 18)}...: ${(error as Error).message}`, error)
    }
  }
  const withSidecar = (executed: ExecutedTransaction): ExecutedTransaction => {
    const sidecar = sidecars.get(executed.signed.hashKey)
    return sidecar ? { ...executed, signed: executed.signed.with({ sidecar }) } : executed
  }
  try {
    for (const block of decodeRlpBlocks(encoded, genesis.common)) {
      const parent = chain.blockByHash(block.header.parentHash)
      if (!parent) fail(`block ${block.header.number}: its parent ${bytesToHex(block.header.parentHash)} is not in the file`)
      const known = parent as ChainBlock
      const edits = (state.stateEdits?.[bytesToHex(block.hash())] ?? []).map(fromEdit)
      const parentRoot = edits.length === 0 ? known.stateRoot : await engine.withAccountChanges(known.stateRoot, edits)
      const senders = sendersOf(state.impersonated?.blocks?.[bytesToHex(block.hash())])
      const executed = await engine.executeBlock(block, parentRoot, chain.ancestorHashes(known), senders)
      chain.addSideBlock({ block, executed: executed.map(withSidecar), rejected: [], deferred: [] }, edits)
    }
  } catch (error) {
    if (error instanceof StateFileError) throw error
    fail((error as Error).message, error)
  }
  const head = chain.blockByHash(state.head)
  if (!head) return fail(`the saved head ${state.head} is not among its blocks`)
  const { ancestor, branch } = chain.pathFromCanonical(head)
  chain.switchTo(ancestor, branch)

  const keys = state.accounts.map((k) => hexToBytes(k as `0x${string}`))
  const accounts = keys.map((privateKey, index) => ({ index, privateKey, address: addressOf(privateKey) }))
  const pooledSenders = sendersOf(state.impersonated?.pool)
  const pool = state.pool.map((raw, index) => {
    const from = pooledSenders.get(index)
    const bytes = hexToBytes(raw as `0x${string}`)
    try {
      return from ? decodeImpersonatedTransaction(bytes, from, engine.common) : decodeRawTransaction(bytes, engine.common)
    } catch (error) {
      return fail(`pooled transaction ${raw.slice(0, 18)}...: ${(error as Error).message}`, error)
    }
  })
  const saved = state.clock
  const clockMode: ClockMode =
    saved.mode.kind === 'wall' ? saved.mode : { kind: 'fixed', genesisTime: BigInt(saved.mode.genesisTime), blockTime: BigInt(saved.mode.blockTime) }
  const clock = {
    offset: BigInt(saved.offset),
    nextTimestamp: saved.nextTimestamp === undefined ? undefined : BigInt(saved.nextTimestamp),
    interval: saved.interval === undefined ? undefined : BigInt(saved.interval),
  }
  return { chain, accounts, pool, clock, clockMode, headEdits: (state.headEdits ?? []).map(fromEdit) }
}

/**
 * Restores a saved network as a new node (`--state FILE`): rebuilt as `rebuildNetwork` does, then served
 * with the network's configured node options (mining...) and the saved clock.
 */
export async function restoreNetwork(state: NetworkState, options: NodeOptions, source: string): Promise<ChainNode> {
  const finality = { finalizedDepth: BigInt(state.finality.finalizedDepth) }
  const { chain, accounts, clockMode, ...resumed } = await rebuildNetwork(state, source, stateBlocksOf(options, finality))
  const node = ChainNode.fromChain(chain, { ...options, clock: clockMode }, accounts)
  try {
    await node.restore(resumed)
  } catch (error) {
    await node.close()
    throw new StateFileError(`${source}: network ${state.name}: pool: ${(error as Error).message}`, { cause: error })
  }
  return node
}

/** Impersonated senders as the file lists them, by place. */
function sendersOf(listed: ReadonlyArray<readonly [number, string]> | undefined): Map<number, Uint8Array> {
  return new Map((listed ?? []).map(([index, from]) => [index, hexToBytes(from as `0x${string}`)]))
}

/** The mined blob transactions of `blocks` that came with sidecars, once each, in their network form. */
function minedBlobTransactions(blocks: readonly ChainBlock[]): string[] {
  const found = new Map<string, string>()
  for (const block of blocks) {
    for (const { signed } of block.transactions) {
      if (signed.sidecar && !found.has(signed.hashKey)) found.set(signed.hashKey, bytesToHex(networkEncodingOf(signed)))
    }
  }
  return [...found.values()]
}

function toEdit(change: AccountChange): AccountEdit {
  return {
    address: bytesToHex(change.address),
    ...(change.balance === undefined ? {} : { balance: change.balance.toString(10) }),
    ...(change.nonce === undefined ? {} : { nonce: change.nonce.toString(10) }),
    ...(change.code === undefined ? {} : { code: bytesToHex(change.code) }),
    ...(change.storage === undefined ? {} : { storage: change.storage.map(([slot, value]) => [bytesToHex(slot), bytesToHex(value)] as [string, string]) }),
  }
}

function fromEdit(edit: AccountEdit): AccountChange {
  const bytes = (hex: string) => hexToBytes(hex as `0x${string}`)
  return {
    address: bytes(edit.address),
    ...(edit.balance === undefined ? {} : { balance: BigInt(edit.balance) }),
    ...(edit.nonce === undefined ? {} : { nonce: BigInt(edit.nonce) }),
    ...(edit.code === undefined ? {} : { code: bytes(edit.code) }),
    ...(edit.storage === undefined ? {} : { storage: edit.storage.map(([slot, value]) => [bytes(slot), bytes(value)] as const) }),
  }
}
