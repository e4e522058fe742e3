import type { AbiDecoder } from '../decoding/abiDecoder.ts'
import type { ChainNode } from '../node.ts'
import type { RpcContext } from './rpcMethod.ts'
import type { FaultInjector } from './faults/faultInjector.ts'
import type { ProviderProfile } from './providers/providerProfile.ts'
import type { RequestLog } from './requestLog.ts'

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
  /**
   * Where this network's calls are recorded (sim_requests, the page) and printed while `--log-requests` is
   * on (anvil_setLoggingEnabled switches it); absent where they are not.
   */
  requests?: RequestLog
  /** Decodes logs, calldata and errors (default: the bundled contracts' ABIs). */
  decoder?: AbiDecoder
  /** The steps of the scenario this network was played by (sim_scenario). */
  scenario?: ScenarioSteps
}

/** A played scenario's steps, each with its status and the blocks it made. */
export interface ScenarioSteps {
  file: string
  name: string
  ok: boolean
  steps: ReadonlyArray<{
    number: number
    name: string
    kind: string
    network: string
    status: 'passed' | 'failed' | 'skipped'
    durationMs: number
    line?: number
    failures?: ReadonlyArray<{ message: string }>
    /** Hashes of the blocks that joined the step's network's chain during the step. */
    blocks?: readonly string[]
  }>
}

/** One JSON-RPC method: wire params in, wire result out; the node does the work. */
export type MethodHandler = (params: unknown[], ctx: MethodContext) => unknown
