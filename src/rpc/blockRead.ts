import type { Quantity, RpcBlock, RpcUncle } from 'viem'
import type { z } from 'zod'
import type { Block } from '../evm/index.ts'
import type { BlockSelector } from '../chain/types.ts'
import { resolveBlockByTag } from './blockResolution.ts'
import { defineMethod } from './defineMethod.ts'
import type { Answer, Method, WireType } from './defineMethod.ts'
import type { PricedProvider } from './providers/pricedProviders.ts'
import { formatBlock } from './formatters/block.ts'
import { toQuantity } from './formatters/hex.ts'
import { formatUncle } from './formatters/uncle.ts'
import type { MethodContext } from './methodContext.ts'
import type { ParamsOutput } from './schemas.ts'
import type { FoundBlock } from './transactionLookup.ts'

/*
 * The methods that come in pairs, one naming its block by hash, the other by number or tag (eth_getBlockByHash and
 * eth_getBlockByNumber, eth_getUncleCountByBlockHash and ...ByBlockNumber...): the same answer from the block found,
 * null for a block not found. By hash finds any known block (an orphaned one too, as geth); by number a canonical
 * block or the pending one.
 */

/** The block a read found: a sealed block, or (by number, `pending`) the pending block. */

/** How a block is named: by hash (`hash32` first) or by number or tag (`blockTag` first). */
export type BlockNamedBy = 'hash' | 'number'

/** A by-hash or by-number read as declared: the block its first param; what it answers from the block found. */
export interface BlockReadSpec<N extends string, S extends readonly z.ZodType[], R> {
  name: N
  description: string
  params: S
  result: WireType<R | null>
  cost?: Partial<Record<PricedProvider, number>>
  answer: (found: FoundBlock, params: ParamsOutput<S>, ctx: MethodContext) => Answer<R | null>
}

/** Declares one method of a by-hash/by-number pair: lagged, asked of a fork's upstream below the fork block. */
export function blockRead<const N extends string, const S extends readonly z.ZodType[], R>(
  by: BlockNamedBy,
  spec: BlockReadSpec<N, S, R>,
): Method<N, S, R | null> {
  const { answer, ...declared } = spec
  return defineMethod<N, S, R | null>({
    ...declared,
    reads: { block: { param: 0, kind: by } },
    lagged: true,
    fork: 'forwarded',
    handler: async (params, ctx) => {
      const named = (params as readonly unknown[])[0]
      const found = by === 'hash' ? blockByHash(ctx, named as Uint8Array) : await resolveBlockByTag(ctx.node, named as BlockSelector)
      return found ? answer(found, params, ctx) : null
    },
  })
}

function blockByHash({ node }: MethodContext, hash: Uint8Array): FoundBlock | undefined {
  const block = node.chain.blockByHash(hash)
  return block ? { block } : undefined
}

/** The block as ethereumjs holds it (built on each call for a sealed block). */
function ethereumjsBlockOf(found: FoundBlock): Block {
  return 'pending' in found ? found.pending.block : found.block.toBlock()
}

/** eth_getBlockByHash and ...ByNumber: the block, its transactions as hashes or in full. */
export function answerBlock(found: FoundBlock, fullTransactions: boolean | undefined): RpcBlock {
  const full = fullTransactions ?? false
  if ('pending' in found) return formatBlock(found.pending.block, found.pending.transactions, { fullTransactions: full, pending: true })
  return formatBlock(found.block.toBlock(), found.block.transactions, { fullTransactions: full })
}

/** eth_getBlockTransactionCountByHash and ...ByNumber. */
export function answerTransactionCount(found: FoundBlock): Quantity {
  return toQuantity(('pending' in found ? found.pending : found.block).transactions.length)
}

/** eth_getUncleCountByBlockHash and ...ByBlockNumber (0 after the merge). */
export function answerUncleCount(found: FoundBlock): Quantity {
  return toQuantity(ethereumjsBlockOf(found).uncleHeaders.length)
}

/** eth_getUncleByBlockHashAndIndex and ...NumberAndIndex (null after the merge). */
export function answerUncle(found: FoundBlock, index: bigint): RpcUncle | null {
  return formatUncle(ethereumjsBlockOf(found), index)
}
