import type { ChainBlock } from '../chain/types.ts'
import { bytesToHex, equalsBytes, ExecutionEngine, KeptStates } from '../evm/index.ts'
import type { Common, ExecutedTransaction, GenesisSpec, Log } from '../evm/index.ts'
import type { NetworkImage } from '../networkImage.ts'

/**
 * `--state-verify`: checks a saved network against execution, for a user who doubts the file. Every trie node and
 * code entry must hash to its key, and every block, executed again on its parent's state (with the state set on
 * that parent first), must give its header's state root, receipts root, bloom and gas, and the receipts and logs
 * the file kept. Throws naming the first block or node that differs. Each block's parent state is let go once
 * its last child has run, so a long chain costs the states of its branches' tips, not of every block.
 */
export async function verifyImage(image: NetworkImage, common: Common, spec: GenesisSpec): Promise<void> {
  for (const [key, value] of image.states) {
    if (!KeptStates.isEntryIntact(key, value)) throw new Error(`trie node ${bytesToHex(key)} does not hash to its key`)
  }
  const engine = await ExecutionEngine.create(common, { followForks: true })
  const genesis = await engine.createGenesis(spec)
  const genesisKey = bytesToHex(genesis.hash())
  const byHash = new Map<string, ChainBlock>(image.blocks.map((b) => [b.hashKey, b]))
  const children = new Map<string, number>()
  for (const block of image.blocks) children.set(block.parentKey, (children.get(block.parentKey) ?? 0) + 1)
  const roots = new Map<string, Uint8Array>([[genesisKey, genesis.header.stateRoot]])
  for (const block of image.blocks) {
    const parentRoot = roots.get(block.parentKey)
    if (!parentRoot) throw new Error(`block ${block.number} ${block.hashKey}: its parent ${block.parentKey} is not before it in the file`)
    const edits = block.stateEdits ?? []
    const base = edits.length === 0 ? parentRoot : await engine.withAccountChanges(parentRoot, edits)
    const impersonated = new Map<number, Uint8Array>()
    for (const [index, t] of block.transactions.entries()) if (t.signed.impersonated) impersonated.set(index, t.signed.from)
    let executed: ExecutedTransaction[]
    try {
      executed = await engine.executeBlock(block.toBlock(), base, ancestorHashes(block, byHash, genesis.hash()), impersonated)
    } catch (error) {
      throw new Error(`block ${block.number} ${block.hashKey} executed again: ${(error as Error).message}`, { cause: error })
    }
    compareReceipts(block, executed)
    roots.set(block.hashKey, block.stateRoot)
    if (base !== parentRoot) engine.states.releaseState(base)
    const left = (children.get(block.parentKey) ?? 1) - 1
    children.set(block.parentKey, left)
    if (left === 0) {
      roots.delete(block.parentKey)
      if (block.parentKey !== genesisKey) engine.states.releaseState(parentRoot)
    }
  }
}

/** BLOCKHASH along `block`'s own branch. */
function ancestorHashes(block: ChainBlock, byHash: ReadonlyMap<string, ChainBlock>, genesisHash: Uint8Array) {
  return (number: bigint): Uint8Array | undefined => {
    let cursor = byHash.get(block.parentKey)
    while (cursor && cursor.number > number) cursor = byHash.get(cursor.parentKey)
    if (cursor) return cursor.number === number ? cursor.hash : undefined
    return number === 0n ? genesisHash : undefined
  }
}

function compareReceipts(block: ChainBlock, executed: readonly ExecutedTransaction[]): void {
  const where = `block ${block.number} ${block.hashKey}`
  if (executed.length !== block.transactions.length) throw new Error(`${where}: ${executed.length} transactions executed, ${block.transactions.length} kept`)
  executed.forEach((again, index) => {
    const kept = block.transactions[index] as ExecutedTransaction
    const differs = (field: string) => new Error(`${where}: transaction ${index} (${kept.signed.hashKey}): its ${field} differs from the one kept`)
    if (again.signed.hashKey !== kept.signed.hashKey) throw differs('hash')
    if (again.signed.fromKey !== kept.signed.fromKey) throw differs('sender')
    if (again.status !== kept.status) throw differs('status')
    if (again.gasUsed !== kept.gasUsed || again.cumulativeGasUsed !== kept.cumulativeGasUsed) throw differs('gas used')
    if (again.effectiveGasPrice !== kept.effectiveGasPrice) throw differs('gas price')
    if (!sameOptional(again.contractAddress, kept.contractAddress)) throw differs('contract address')
    if (again.firstLogIndex !== kept.firstLogIndex || !sameLogs(again.logs, kept.logs)) throw differs('logs')
  })
}

function sameOptional(a: Uint8Array | undefined, b: Uint8Array | undefined): boolean {
  return a === undefined || b === undefined ? a === b : equalsBytes(a, b)
}

function sameLogs(a: readonly Log[], b: readonly Log[]): boolean {
  if (a.length !== b.length) return false
  return a.every((log, i) => {
    const other = b[i] as Log
    const topics = log.topics
    const otherTopics = other.topics
    return (
      equalsBytes(log.address, other.address) &&
      equalsBytes(log.data, other.data) &&
      topics.length === otherTopics.length &&
      topics.every((t, j) => equalsBytes(t, otherTopics[j] as Uint8Array))
    )
  })
}
