import type { z } from 'zod'
import type { faultSpec } from '../rpc/faults/faultSpec.ts'

type Hex = `0x${string}`

/** sim_reorg's options, as the wire takes them. */
export interface SimReorgParameters {
  depth: number | Hex
  length?: number | Hex
  reinclude?: 'all' | 'none'
  drop?: Hex[]
  add?: Hex[]
  force?: boolean
}

/** sim_reorg's answer. */
export interface SimReorgReturnType {
  commonAncestor: { number: Hex; hash: Hex }
  removedBlocks: Hex[]
  addedBlocks: Hex[]
  removedLogs: Hex
  addedLogs: Hex
}

/** sim_replay's answer (docs/replay.md). */
export interface SimReplayReturnType {
  from: Hex
  to: Hex
  next: Hex
  done: boolean
  paused: boolean
  speed: 'fast' | 'realtime' | number
  waiting: boolean
  mismatch?: { block: Hex; field: string; transaction?: { index: number; hash: Hex }; expected: unknown; actual: unknown; message: string }
  error?: string
}

/** A reorg profile as sim_reorgProfile takes it (docs/reorg-profiles.md): a built-in name or a profile object. */
export type ReorgProfileParameter =
  | 'ethereum'
  | 'polygon'
  | 'optimism'
  | 'arbitrum'
  | 'bsc'
  | 'none'
  | { name: string; description?: string; probability: number; depths: Record<string, number>; transactions?: { reinclude?: number; drop?: number; reorder?: boolean }; sources?: string[] }

/**
 * chainsim's own JSON-RPC methods in viem's `rpcSchema` form, so that `client.request` knows them beside the
 * standard ones (viem's test actions already cover evm_* and anvil_mine): the settle barrier, reorgs, saving
 * state, and arming faults (README, Faults).
 * @example
 * import { rpcSchema } from 'viem'
 * const client = createPublicClient({ transport: webSocket(chainsim.wsUrl), rpcSchema: rpcSchema<ChainsimRpcSchema>() })
 * await client.request({ method: 'sim_settle' })
 */
export type ChainsimRpcSchema = [
  { Method: 'sim_settle'; Parameters?: undefined; ReturnType: null },
  { Method: 'sim_reorg'; Parameters: [SimReorgParameters]; ReturnType: SimReorgReturnType },
  { Method: 'anvil_reorg'; Parameters: [depth: number | Hex, placements?: Array<[transaction: Hex | Record<string, unknown>, blockIndex: number | Hex]>, force?: boolean]; ReturnType: null },
  { Method: 'anvil_rollback'; Parameters: [depth: number | Hex, force?: boolean]; ReturnType: null },
  { Method: 'sim_saveState'; Parameters?: undefined; ReturnType: { path: string; savedAt: string } },
  { Method: 'sim_fault'; Parameters: [z.input<typeof faultSpec>]; ReturnType: true },
  { Method: 'sim_replay'; Parameters?: [] | [{ pause?: boolean; resume?: boolean; speed?: 'fast' | 'realtime' | number; to?: number | Hex }]; ReturnType: SimReplayReturnType },
  {
    Method: 'sim_reorgProfile'
    Parameters?: [] | [{ profile: ReorgProfileParameter; seed?: number } | null]
    ReturnType: { profile: { name: string; description: string; probability: number; depths: Record<string, number>; transactions: { reinclude: number; drop: number; reorder: boolean }; sources: string[] }; seed: number } | null
  },
]
