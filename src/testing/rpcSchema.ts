import type { ChainsimParameters, ChainsimReturnType } from '../rpc/rpcSchema.ts'

export type { ChainsimMethodName, ChainsimParameters, ChainsimReturnType, ChainsimRpcSchema } from '../rpc/rpcSchema.ts'

/** sim_reorg's options, as the wire takes them. */
export type SimReorgParameters = ChainsimParameters<'sim_reorg'>[0]

/** sim_reorg's answer. */
export type SimReorgReturnType = ChainsimReturnType<'sim_reorg'>
