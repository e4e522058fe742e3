import type { ChainNode } from '../node.ts'
import type { RpcContext } from './dispatcher.ts'
import type { FaultInjector } from './faults.ts'
import type { ProviderProfile } from './providers/providerProfile.ts'
import type { RequestLogging } from './requestLogging.ts'

/**
 * What a method handler works with: the network's node, the provider it behaves as (eth_getLogs limits and
 * their words), its fault injector, and the request's transport.
 */
export interface MethodContext {
  /** The name the method is called by (the method table's key). */
  method: string
  node: ChainNode
  profile: ProviderProfile
  /** The network's fault injector (`sim_fault`); absent where nothing injects faults. */
  faults?: FaultInjector
  clientVersion: string
  rpc: RpcContext
  /** Saves every network to the state file (`--state FILE`); absent when none is configured. */
  saveState?: () => Promise<{ path: string; savedAt: string }>
  /** The network's request log switch (anvil_setLoggingEnabled); absent where no transport logs (playback). */
  requestLogging?: RequestLogging
}

/** One JSON-RPC method: wire params in, wire result out; the node does the work. */
export type MethodHandler = (params: unknown[], ctx: MethodContext) => unknown
