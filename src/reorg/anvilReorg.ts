import type { Chain } from '../chain/chain.ts'
import type { ChainBlock } from '../chain/types.ts'
import { keyOf } from '../evm/index.ts'
import type { SignedTransaction } from '../evm/index.ts'
import type { TransactionRequest } from '../accounts/transactionFields.ts'
import { ReorgError } from './errors.ts'
import { reorgAncestor } from './reorgEngine.ts'
import type { ReorgPlan } from './reorgEngine.ts'

/** A transaction anvil_reorg places in the new branch: raw signed, or a request a dev account signs. */
export type Placement = { transaction: Uint8Array | TransactionRequest; blockIndex: number }

/** What planning needs besides the chain: decoding, signing, and nonces at the ancestor. */
export interface AnvilReorgContext {
  decode(raw: Uint8Array): SignedTransaction
  sign(request: TransactionRequest & { nonce: bigint; gas: bigint }): SignedTransaction
  nonceAt(block: ChainBlock, address: Uint8Array): Promise<bigint>
}

/** Gas of a placed request that names none (Anvil signs with a fixed default too). */
const PLACEMENT_GAS = 100_000n

/**
 * Plans anvil_reorg (Anvil's semantics): as many new blocks as removed, each given transaction at its block
 * index; a request without a nonce gets the next one of its sender counted from the common ancestor, in the
 * order of the new blocks.
 */
export async function planAnvilReorg(
  chain: Chain,
  depth: number,
  placements: readonly Placement[],
  force: boolean,
  context: AnvilReorgContext,
): Promise<ReorgPlan> {
  const ancestor = reorgAncestor(chain, depth, force)
  const blocks: SignedTransaction[][] = Array.from({ length: depth }, () => [])
  const nextNonce = new Map<string, bigint>()
  for (const { blockIndex } of placements) {
    if (!Number.isInteger(blockIndex) || blockIndex < 0 || blockIndex >= depth) {
      throw new ReorgError('placement', `block index ${blockIndex} is outside the ${depth} reorged blocks`)
    }
  }
  // Nonces are counted in the order the new blocks hold the transactions (as Anvil does), not in the list's:
  // a request placed in an earlier block takes the earlier nonce, so none is left behind a gap.
  const inBlockOrder = [...placements.entries()].sort(([, a], [, b]) => a.blockIndex - b.blockIndex)
  for (const [index, { transaction, blockIndex }] of inBlockOrder) {
    let signed: SignedTransaction
    if (transaction instanceof Uint8Array) {
      try {
        signed = context.decode(transaction)
      } catch (error) {
        throw new ReorgError('placement', `pair ${index}: ${(error as Error).message}`)
      }
    } else {
      const key = keyOf(transaction.from)
      const nonce = transaction.nonce ?? nextNonce.get(key) ?? (await context.nonceAt(ancestor, transaction.from))
      nextNonce.set(key, nonce + 1n)
      signed = context.sign({ ...transaction, nonce, gas: transaction.gas ?? PLACEMENT_GAS })
    }
    blocks[blockIndex]!.push(signed)
  }
  return { ancestor, length: depth, blocks }
}
