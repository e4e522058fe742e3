import { Chain, toChainBlock } from '../chain/chain.ts'
import type { ChainBlock } from '../chain/types.ts'
import {
  addressOf,
  bytesToHex,
  decodeRawTransaction,
  decodeRlpBlocks,
  ExecutionEngine,
  hexToBytes,
  networkEncodingOf,
  parseGethGenesis,
} from '../evm/index.ts'
import type { BlobSidecar, ExecutedTransaction } from '../evm/index.ts'
import { ChainNode } from '../node.ts'
import type { NodeOptions } from '../node.ts'
import { StateFileError } from './stateFile.ts'
import type { NetworkState } from './stateFile.ts'

/**
 * A consistent picture of a network (taken between two writes): genesis, every block of every
 * branch, the canonical head, pool, clock and keys. State set directly on the head
 * (anvil_setBalance) and snapshots are not in any block, and are not saved.
 */
export function captureNetworkState(node: ChainNode): Promise<NetworkState> {
  const genesis = node.gethGenesis()
  return node.consistentRead(() => {
    const { chain, clock } = node
    const { mode } = clock
    return {
      name: node.name,
      chainId: chain.chainId.toString(10),
      genesis,
      blocks: chain.allBlocks().filter((b) => b.number > chain.genesis.number).map((b) => bytesToHex(b.block.serialize())),
      head: chain.head.hashKey,
      finality: {
        safeDepth: chain.finality.safeDepth.toString(10),
        finalizedDepth: chain.finality.finalizedDepth.toString(10),
        ...(chain.finality.safeAtLeast === undefined ? {} : { safeAtLeast: chain.finality.safeAtLeast.toString(10) }),
        ...(chain.finality.finalizedAtLeast === undefined ? {} : { finalizedAtLeast: chain.finality.finalizedAtLeast.toString(10) }),
      },
      pool: node.pooledTransactions.map((s) => bytesToHex(networkEncodingOf(s))),
      blobTransactions: minedBlobTransactions(chain.allBlocks()),
      clock: {
        mode: mode.kind === 'wall' ? { kind: 'wall' } : { kind: 'fixed', genesisTime: mode.genesisTime.toString(10), blockTime: mode.blockTime.toString(10) },
        offset: clock.offset.toString(10),
        ...(clock.nextTimestamp === undefined ? {} : { nextTimestamp: clock.nextTimestamp.toString(10) }),
      },
      accounts: node.accounts.map((a) => bytesToHex(a.privateKey)),
    }
  })
}

/**
 * Rebuilds a saved network: every block is executed again on its parent's state and checked
 * against its header (state root, receipts root...), side branches included, then the saved
 * head is made canonical. `options` are the network's configured node options (mining...).
 */
export async function restoreNetwork(state: NetworkState, options: NodeOptions, source: string): Promise<ChainNode> {
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
  const { finality } = state
  const chain = new Chain(engine, toChainBlock(genesisBlock, []), {
    safeDepth: BigInt(finality.safeDepth),
    finalizedDepth: BigInt(finality.finalizedDepth),
    safeAtLeast: finality.safeAtLeast === undefined ? undefined : BigInt(finality.safeAtLeast),
    finalizedAtLeast: finality.finalizedAtLeast === undefined ? undefined : BigInt(finality.finalizedAtLeast),
  })
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
    return sidecar ? { ...executed, signed: { ...executed.signed, sidecar } } : executed
  }
  try {
    for (const block of decodeRlpBlocks(encoded, genesis.common)) {
      const parent = chain.blockByHash(block.header.parentHash)
      if (!parent) fail(`block ${block.header.number}: its parent ${bytesToHex(block.header.parentHash)} is not in the file`)
      const known = parent as ChainBlock
      const executed = await engine.executeBlock(block, known.block.header.stateRoot, chain.ancestorHashes(known))
      chain.addSideBlock({ block, executed: executed.map(withSidecar), rejected: [], deferred: [] })
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
  const mode = state.clock.mode
  const node = ChainNode.fromChain(
    chain,
    { ...options, clock: mode.kind === 'wall' ? mode : { kind: 'fixed', genesisTime: BigInt(mode.genesisTime), blockTime: BigInt(mode.blockTime) } },
    accounts,
  )
  const pool = state.pool.map((raw) => {
    try {
      return decodeRawTransaction(hexToBytes(raw as `0x${string}`), engine.common)
    } catch (error) {
      return fail(`pooled transaction ${raw.slice(0, 18)}...: ${(error as Error).message}`, error)
    }
  })
  const clock = {
    offset: BigInt(state.clock.offset),
    nextTimestamp: state.clock.nextTimestamp === undefined ? undefined : BigInt(state.clock.nextTimestamp),
  }
  try {
    await node.restore({ clock, pool })
  } catch (error) {
    await node.close()
    fail(`pool: ${(error as Error).message}`, error)
  }
  return node
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
