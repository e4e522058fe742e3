import type { ChainsimParameters, ChainsimReturnType } from '../rpc/rpcSchema.ts'

export type { ChainsimMethodName, ChainsimParameters, ChainsimReturnType, ChainsimRpcSchema } from '../rpc/rpcSchema.ts'

/** sim_reorg's options, as the wire takes them. */
export type SimReorgParameters = ChainsimParameters<'sim_reorg'>[0]

/** sim_reorg's answer. */
export type SimReorgReturnType = ChainsimReturnType<'sim_reorg'>

/** sim_replay's answer (docs/guides/replay.md). */
export type SimReplayReturnType = ChainsimReturnType<'sim_replay'>

/** A reorg profile as sim_reorgProfile takes it: a built-in name (or a config's file name) or a profile object. */
export type ReorgProfileParameter = NonNullable<ChainsimParameters<'sim_reorgProfile'>[0]>['profile']
