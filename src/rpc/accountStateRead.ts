import type { z } from 'zod'
import type { StateView } from '../evm/index.ts'
import { resolveStateBlock } from './blockResolution.ts'
import { defineMethod } from './defineMethod.ts'
import type { Method, WireType } from './defineMethod.ts'
import type { MethodContext } from './methodContext.ts'
import type { BlockSelectorOrHash, ParamsOutput } from './schemas.ts'

/** A read of an account's state: the params, the state after the block they name, the method's context. */
export type AccountStateReader<S extends readonly z.ZodType[], R> = (
  params: ParamsOutput<S>,
  stateAtBlock: () => Promise<StateView>,
  ctx: MethodContext,
) => Promise<R>

/** An account state read as declared: its params end with the block (an EIP-1898 reference, latest when omitted). */
export interface AccountStateReadSpec<N extends string, S extends readonly z.ZodType[], R> {
  name: N
  description: string
  params: S
  result: WireType<R>
  read: AccountStateReader<S, R>
}

/**
 * eth_getBalance, eth_getCode, eth_getTransactionCount and eth_getStorageAt: one account's state after a block, the
 * block their last param. They touch the same things: the state at that block, lagged, a fork's upstream asked
 * below the fork block, and providers price them alike. `stateAtBlock` resolves the block only when called (a
 * `pending` nonce is counted without it).
 */
export function accountStateRead<const N extends string, const S extends readonly z.ZodType[], R>(spec: AccountStateReadSpec<N, S, R>): Method<N, S, R> {
  const { read, ...declared } = spec
  const blockParam = spec.params.length - 1
  return defineMethod<N, S, R>({
    ...declared,
    reads: { block: { param: blockParam, kind: 'reference' }, state: true },
    lagged: true,
    fork: 'forwarded',
    cost: { infura: 80, alchemy: 20 },
    handler: (params, ctx) => {
      const ref = ((params as readonly unknown[])[blockParam] as BlockSelectorOrHash | undefined) ?? 'latest'
      return read(params, async () => ctx.node.execution.stateAt(await resolveStateBlock(ctx.node, ref)), ctx)
    },
  })
}
