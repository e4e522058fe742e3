import type { NetworkConfig } from './config/schema.ts'
import type { ErrorLogger } from './errors.ts'
import type { LogLimits } from './logs/index.ts'
import type { ChainNode, NodeOptions } from './node.ts'
import { createDispatcher } from './rpc/dispatcher.ts'
import type { Dispatcher, DispatcherOptions } from './rpc/dispatcher.ts'
import { FaultInjector } from './rpc/faults.ts'
import { createMethodTable } from './rpc/methodTable.ts'
import { clientVersion } from './version.ts'

/** Node options for a configured network. */
export function nodeOptionsFor(network: NetworkConfig): NodeOptions {
  return {
    name: network.name,
    chainId: BigInt(network.chainId),
    mining: network.mining.auto === true ? { auto: true } : { auto: false, intervalMs: 'intervalMs' in network.mining ? network.mining.intervalMs : undefined },
    finality: { safeDepth: BigInt(network.finality.safeDepth), finalizedDepth: BigInt(network.finality.finalizedDepth) },
    filterTimeoutMs: network.filterTimeoutMs,
  }
}

/** What a network's JSON-RPC is built from, besides its node. */
export interface NetworkRpcOptions {
  limits: LogLimits
  /** Faults armed here meet every call before its method runs (default: a new injector). */
  faults?: FaultInjector
  /** Saves every network to the state file (`sim_saveState`); absent without `--state`. */
  saveState?: () => Promise<{ path: string; savedAt: string }>
  logger?: ErrorLogger
  maxBatchSize?: DispatcherOptions['maxBatchSize']
  maxDepth?: DispatcherOptions['maxDepth']
}

/** A network's JSON-RPC: every method bound to its node, a fault injector in front, one dispatcher. */
export interface NetworkRpc {
  dispatcher: Dispatcher
  faults: FaultInjector
}

/**
 * Builds the JSON-RPC of one network, the same way for a served network and a played scenario's, so that a
 * scenario drives its node through exactly what clients of `chainsim serve` call.
 */
export function createNetworkRpc(node: ChainNode, options: NetworkRpcOptions): NetworkRpc {
  const faults = options.faults ?? new FaultInjector()
  const methods = createMethodTable({ node, limits: options.limits, clientVersion, saveState: options.saveState })
  const dispatcher = createDispatcher(faults.wrap(methods), {
    logger: options.logger,
    maxBatchSize: options.maxBatchSize,
    maxDepth: options.maxDepth,
  })
  return { dispatcher, faults }
}
