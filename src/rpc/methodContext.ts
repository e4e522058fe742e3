import type { LogLimits } from '../logs/index.ts'
import type { ChainNode } from '../node.ts'
import type { RpcContext } from './dispatcher.ts'

export type { LogLimits } from '../logs/index.ts'
export { DEFAULT_LOG_LIMITS } from '../logs/index.ts'

/** What a method handler works with: the network's node, its limits, and the request's transport. */
export interface MethodContext {
  /** The name the method is called by (the method table's key). */
  method: string
  node: ChainNode
  limits: LogLimits
  clientVersion: string
  rpc: RpcContext
  /** Saves every network to the state file (`--state FILE`); absent when none is configured. */
  saveState?: () => Promise<{ path: string; savedAt: string }>
}

/** One JSON-RPC method: wire params in, wire result out; the node does the work. */
export type MethodHandler = (params: unknown[], ctx: MethodContext) => unknown
