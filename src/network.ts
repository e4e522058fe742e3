import { chainOptionsOf, miningOf } from './config/chainKeys.ts'
import type { NetworkConfig } from './config/schema.ts'
import type { ErrorLogger } from './errors.ts'
import { parseHardfork } from './evm/index.ts'
import { forkedNodeOf } from './fork/createForkedNode.ts'
import { withForkedHistory } from './rpc/forkedMethods.ts'
import type { ChainNode } from './node.ts'
import type { NodeOptions } from './nodeOptions.ts'
import { resolveReorgProfile } from './reorg/profiles/index.ts'
import { createDispatcher } from './rpc/dispatcher.ts'
import type { Dispatcher, DispatcherOptions } from './rpc/dispatcher.ts'
import type { RpcMethodTable } from './rpc/rpcMethod.ts'
import { FaultInjector } from './rpc/faults/faultInjector.ts'
import type { FaultSpec } from './rpc/faults/faultInjector.ts'
import { laggedNode } from './rpc/faults/laggedNode.ts'
import type { ScenarioSteps } from './rpc/methodContext.ts'
import { createMethodTable } from './rpc/methodTable.ts'
import { FAULTED_METHODS } from './rpc/registry.ts'
import { resolveProfile } from './rpc/providers/providerProfile.ts'
import type { ProfileSettings, ProviderProfile } from './rpc/providers/providerProfile.ts'
import { RequestLog } from './rpc/requestLog.ts'
import { AbiDecoder, BUNDLED_ABIS, bundledAbiDecoder } from './decoding/abiDecoder.ts'
import type { NamedAbi } from './decoding/abiDecoder.ts'
import { clientVersion } from './version.ts'

/** Node options for a configured network. */
export function nodeOptionsFor(network: NetworkConfig): NodeOptions {
  return {
    name: network.name,
    chainId: network.chainId === undefined ? undefined : BigInt(network.chainId),
    mining: miningOf(network, network.mining),
    finality: { safeDepth: BigInt(network.finality.safeDepth), finalizedDepth: BigInt(network.finality.finalizedDepth) },
    filterTimeoutMs: network.filterTimeoutMs,
    syncSendTimeouts: { defaultMs: network.syncSendTimeoutMs, maxMs: network.syncSendMaxTimeoutMs },
    stateBlocks: network.history?.stateBlocks,
    ...chainOptionsOf(network),
    autoImpersonate: network.autoImpersonate,
    ...(network.hardfork !== undefined ? { hardfork: parseHardfork(network.hardfork) } : {}),
    ...(network.reorgs ? { reorgs: { profile: resolveReorgProfile(network.reorgs.profile, { allowFiles: true }), seed: network.reorgs.seed ?? 1 } } : {}),
  }
}

/** What a network's JSON-RPC is built from, besides its node. */
export interface NetworkRpcOptions {
  /** The network's `limits`: a provider profile and its overrides (default: Infura's). */
  limits?: ProfileSettings
  /** Faults armed here meet every call before its method runs (default: a new injector). */
  faults?: FaultInjector
  /** Faults a new injector is armed with (the network's `faults` in the config); one passed in keeps its own. */
  armFaults?: readonly FaultSpec[]
  /** The clock a new injector's `rateLimit` refills on (a scenario's clock), in milliseconds. */
  clock?: () => number
  /** Saves every network to the state file (`sim_saveState`); absent without `--state`. */
  saveState?: () => Promise<{ path: string; savedAt: string }>
  logger?: ErrorLogger
  /** Whether each call is printed from the start (`--log-requests`); anvil_setLoggingEnabled switches it. */
  logRequests?: boolean
  /** Where printed calls go, one line each (a served network's stdout); without it nothing is printed. */
  printRequest?: (line: string) => void
  maxBatchSize?: DispatcherOptions['maxBatchSize']
  maxDepth?: DispatcherOptions['maxDepth']
  /** ABIs to decode logs and calls with, besides the bundled contracts' (a scenario's `abis`). */
  abis?: readonly NamedAbi[]
  /** The decoder to use instead of one made of `abis` (the project's artifacts', shared by a server's networks). */
  decoder?: AbiDecoder
  /** What web3_clientVersion answers (default: {@link clientVersion}). */
  clientVersion?: string
  /** The scenario this network was played by, for sim_scenario. */
  scenario?: ScenarioSteps
  /** Wraps the network's methods so that its state-changing calls are recorded (`serve --record`), behind faults. */
  recordCalls?: (methods: RpcMethodTable) => RpcMethodTable
}

/** A network's JSON-RPC: every method bound to its node, a fault injector in front, one dispatcher. */
export interface NetworkRpc {
  dispatcher: Dispatcher
  faults: FaultInjector
  profile: ProviderProfile
  /** Every call this network answers, newest kept (sim_requests, the page, `--log-requests`). */
  requests: RequestLog
  decoder: AbiDecoder
}

/**
 * Builds the JSON-RPC of one network, the same way for a served network and a played scenario's, so that a
 * scenario drives its node through exactly what clients of `chainsim serve` call. A `lag` fault answers from
 * the same methods bound to a lagging view of the node (one table per lag, made when first needed). A forked
 * network's tables, lagging ones too, answer for the chain up to its fork block through its upstream.
 */
export function createNetworkRpc(node: ChainNode, options: NetworkRpcOptions = {}): NetworkRpc {
  const faults = options.faults ?? new FaultInjector({ methods: FAULTED_METHODS, now: options.clock })
  const profile = resolveProfile(options.limits)
  const requests = new RequestLog(node.name, { print: options.printRequest, printing: options.logRequests })
  const decoder = options.decoder ?? (options.abis?.length ? new AbiDecoder([...BUNDLED_ABIS, ...options.abis]) : bundledAbiDecoder())
  const context = {
    profile,
    faults,
    clientVersion: options.clientVersion ?? clientVersion,
    saveState: options.saveState,
    requests,
    decoder,
    scenario: options.scenario,
  }
  const forked = forkedNodeOf(node)
  // Every table, the lagging ones too, is recorded: whichever answers a call, its writes reach the recording.
  const tableOf = (view: ChainNode): RpcMethodTable => {
    const made = createMethodTable({ ...context, node: view })
    const table = forked ? withForkedHistory(made, view, forked.history) : made
    return options.recordCalls ? options.recordCalls(table) : table
  }
  const laggedTables = new Map<bigint, RpcMethodTable>()
  const lagged = (blocks: bigint) => {
    let table = laggedTables.get(blocks)
    if (!table) laggedTables.set(blocks, (table = tableOf(laggedNode(node, blocks))))
    return table
  }
  // Recorded behind the fault injector: a call a fault failed never reached the chain.
  const methods = faults.wrap(tableOf(node), { lagged, profile })
  if (!options.faults) for (const spec of options.armFaults ?? []) faults.arm(spec)
  const dispatcher = createDispatcher(methods, {
    logger: options.logger,
    maxBatchSize: options.maxBatchSize,
    maxDepth: options.maxDepth,
    requestLog: requests,
  })
  return { dispatcher, faults, profile, requests, decoder }
}
