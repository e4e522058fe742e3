import type { z } from 'zod'
import type { Method } from './defineMethod.ts'
import type { METHODS } from './registry.ts'

/*
 * Every method chainsim answers, in viem's `rpcSchema` form, read from the declarations (src/rpc/registry.ts):
 * each method's params are its schemas' input types (what the wire takes), its answer the type it declares
 * (viem's Rpc types where viem has them). Nothing here is written by hand, so it cannot drift from what the
 * server answers.
 */

/** Params as sent: each schema's input type, a value that is present (`undefined` would be sent as null). */
type Present<S extends readonly z.ZodType[]> = { -readonly [K in keyof S]: Exclude<z.input<S[K]>, undefined> }

/** Every arity a method takes: all its params, and each shorter list while the last one left out is optional. */
type Arities<S extends readonly z.ZodType[]> = S extends readonly [...infer Init extends readonly z.ZodType[], infer Last extends z.ZodType]
  ? undefined extends z.input<Last>
    ? Present<S> | Arities<Init>
    : Present<S>
  : []

/**
 * A method's entries: one with its params; a method that takes none (or may be sent none) also has the entry
 * viem reads as "no params", so that `client.request({ method })` type-checks without `params`.
 */
type EntriesOf<M> =
  M extends Method<infer N, infer S, infer R>
    ? [] extends Arities<S>
      ? [Exclude<Arities<S>, []>] extends [never]
        ? [{ Method: N; Parameters?: undefined; ReturnType: R }]
        : [{ Method: N; Parameters?: undefined; ReturnType: R }, { Method: N; Parameters: Exclude<Arities<S>, []>; ReturnType: R }]
      : [{ Method: N; Parameters: Arities<S>; ReturnType: R }]
    : never

type SchemaOf<T extends readonly unknown[], Entries extends readonly unknown[] = []> = T extends readonly [infer Head, ...infer Rest]
  ? SchemaOf<Rest, [...Entries, ...EntriesOf<Head>]>
  : Entries

/**
 * Every JSON-RPC method chainsim answers (standard, `debug_*`, `txpool_*`, `anvil_*`, `evm_*`, `hardhat_*`,
 * `sim_*`), with its params and answer, for viem's `rpcSchema`.
 * @example
 * import { createPublicClient, rpcSchema, webSocket } from 'viem'
 * const client = createPublicClient({ transport: webSocket(chainsim.wsUrl), rpcSchema: rpcSchema<ChainsimRpcSchema>() })
 * const { removedBlocks } = await client.request({ method: 'sim_reorg', params: [{ depth: 2 }] })
 */
export type ChainsimRpcSchema = SchemaOf<typeof METHODS>

/** The name of a method chainsim answers. */
export type ChainsimMethodName = ChainsimRpcSchema[number]['Method']

/** What `method` takes: its params as the wire has them (each arity it accepts). */
export type ChainsimParameters<N extends ChainsimMethodName> = NonNullable<Extract<ChainsimRpcSchema[number], { Method: N }>['Parameters']>

/** What `method` answers. */
export type ChainsimReturnType<N extends ChainsimMethodName> = Extract<ChainsimRpcSchema[number], { Method: N }>['ReturnType']
