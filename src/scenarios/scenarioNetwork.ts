import { miningOf } from '../config/chainKeys.ts'
import type { NetworkConfig } from '../config/schema.ts'
import { toRpcErrorObject } from '../errors.ts'
import type { RpcErrorObject } from '../errors.ts'
import { forkOptionsOf } from '../config/forkOptions.ts'
import { createForkedNode, forkedNodeOf } from '../fork/createForkedNode.ts'
import { ChainNode } from '../node.ts'
import { createNetworkRpc, nodeOptionsFor } from '../network.ts'
import type { Dispatcher } from '../rpc/dispatcher.ts'
import type { RpcConnection, RpcContext } from '../rpc/rpcMethod.ts'
import type { FaultInjector } from '../rpc/faults/faultInjector.ts'
import type { NamedAbi } from '../decoding/abiDecoder.ts'
import type { ExpectationFailure } from './errors.ts'
import type { ScenarioClock } from './scenarioClock.ts'

/** A JSON-RPC answer as a step sees it; `httpStatus` is what an injected fault would make the HTTP reply. */
export type Reply = { ok: true; result: unknown; httpStatus?: number } | { ok: false; error: RpcErrorObject; httpStatus?: number; cause?: unknown }

/** Fixed clock of a scenario: the same blocks, hashes and timestamps on every run. */
export interface ScenarioTime {
  genesisTime: bigint
  blockTime: bigint
}

/**
 * One network of a scenario: its node, driven through the same dispatcher and method table a served network
 * has (with a fault injector in front), and an in-process connection that collects subscription
 * notifications. Interval mining runs on the scenario clock, not on a timer.
 */
export class ScenarioNetwork {
  readonly faults: FaultInjector
  /** Interval mining on the scenario clock: the next block is due at `nextAt` (ms). */
  interval: { ms: number; nextAt: number } | undefined
  /** The nonce the next `sign` step of each sender uses at least (signed transactions not sent yet). */
  readonly signedNonces = new Map<string, bigint>()
  /**
   * Transactions sent while they could not be mined at once (manual mining, `pending: true`), by hash: whether
   * each may revert, and the step that sent it. The step that mines one answers for how it ran.
   */
  private readonly unmined = new Map<string, { reverts: boolean; sentBy: string }>()
  private readonly dispatcher: Dispatcher
  private readonly notifications = new Map<string, unknown[]>()
  private readonly closeListeners: Array<() => void> = []
  private readonly connection: RpcConnection
  private nextId = 1
  /** The cause of the last internal error (-32603), so a failed step can say what went wrong. */
  private lastInternalError: unknown

  private constructor(
    readonly config: NetworkConfig,
    readonly node: ChainNode,
    index: number,
    clock: () => number,
    abis: readonly NamedAbi[],
  ) {
    // Built as a served network's RPC is: a scenario drives its node through what clients of `serve` call.
    const rpc = createNetworkRpc(node, {
      limits: config.limits,
      armFaults: config.faults,
      clock,
      abis,
      logger: { error: (obj) => (this.lastInternalError = (obj as { err?: unknown }).err ?? obj) },
    })
    this.dispatcher = rpc.dispatcher
    this.faults = rpc.faults
    this.connection = {
      id: -(index + 1),
      notify: (message) => {
        const { subscription, result } = (message as { params: { subscription: string; result: unknown } }).params
        const queue = this.notifications.get(subscription) ?? []
        queue.push(result)
        this.notifications.set(subscription, queue)
      },
      onClose: (listener) => this.closeListeners.push(listener),
    }
  }

  static async create(
    config: NetworkConfig,
    index: number,
    time: ScenarioTime,
    clock: ScenarioClock,
    abis: readonly NamedAbi[] = [],
  ): Promise<ScenarioNetwork> {
    const { auto, intervalMs } = miningOf(config, config.mining)
    const options = {
      ...nodeOptionsFor(config),
      // Interval mining follows the scenario clock (see `interval`); the node itself never mines on a timer.
      mining: { auto },
      clock: { kind: 'fixed', genesisTime: time.genesisTime, blockTime: time.blockTime } as const,
      filterClock: clock.now,
    }
    const node = config.fork ? (await createForkedNode(forkOptionsOf(config.fork), options)).node : await ChainNode.create(options)
    const network = new ScenarioNetwork(config, node, index, clock.now, abis)
    if (node.replay) {
      // Playback never waits for the wall clock: the replay runs to its last block before the first step.
      node.replay.start({ paced: false })
      const status = await node.replay.untilIdle()
      const stopped = status.mismatch?.message ?? status.error
      if (stopped) {
        await network.close()
        throw new Error(`network ${config.name}: the replay stopped before block ${status.to}: ${stopped}`)
      }
    }
    if (intervalMs !== undefined) network.interval = { ms: intervalMs, nextAt: clock.now() + intervalMs }
    return network
  }

  get name(): string {
    return this.config.name
  }

  /** Calls a method as a client would (over HTTP, or WebSocket for subscriptions). */
  async call(method: string, params: unknown[] = [], transport: 'http' | 'ws' = 'http'): Promise<Reply> {
    const ctx: RpcContext = transport === 'ws' ? { transport, connection: this.connection } : { transport }
    this.lastInternalError = undefined
    let response
    let httpStatus: number | undefined
    try {
      ;({ answer: response, httpStatus } = await this.dispatcher.dispatch({ jsonrpc: '2.0', id: this.nextId++, method, params }, ctx))
    } catch (error) {
      return { ok: false, error: toRpcErrorObject(error), cause: error }
    }
    const status = httpStatus === undefined ? {} : { httpStatus }
    if (response === undefined || Array.isArray(response)) throw new Error(`no single answer to ${method}`)
    if ('error' in response) {
      return { ok: false, error: response.error, ...status, ...(this.lastInternalError === undefined ? {} : { cause: this.lastInternalError }) }
    }
    return { ok: true, result: response.result, ...status }
  }

  /** Notifications a subscription received since the last look (oldest first), once the network has settled. */
  async takeNotifications(id: string): Promise<unknown[]> {
    await this.node.settled()
    const queue = this.notifications.get(id) ?? []
    this.notifications.delete(id)
    return queue
  }

  /** Notes a transaction that is not mined yet, to be checked by the step that mines it. */
  awaitMining(hash: string, expectation: { reverts: boolean; sentBy: string }): void {
    this.unmined.set(hash, expectation)
  }

  /**
   * How the transactions awaiting mining that are now mined ran, against their expectation: a failure for each
   * that reverted when it should not have (or succeeded when it should have reverted). Read from the node, not
   * through the dispatcher, so that faults armed for clients are not spent.
   */
  minedSinceLastLook(): ExpectationFailure[] {
    const failures: ExpectationFailure[] = []
    for (const [hash, { reverts, sentBy }] of this.unmined) {
      const found = this.node.transaction(hash)
      if (found?.status !== 'mined') continue
      this.unmined.delete(hash)
      const { block, index } = found.location
      const reverted = (block.transactions[index] as { status: 0 | 1 }).status === 0
      if (reverted === reverts) continue
      failures.push({
        message: reverts
          ? `transaction ${hash} (sent by ${sentBy}) succeeded in block ${block.number}; that step expects it to revert`
          : `transaction ${hash} (sent by ${sentBy}) reverted in block ${block.number} (status 0x0); write reverts: true on that step if it should`,
      })
    }
    return failures
  }

  /** Ends the in-process connection (its subscriptions with it) and the node (a fork's cache with it). */
  async close(): Promise<void> {
    for (const listener of this.closeListeners.splice(0)) listener()
    await (forkedNodeOf(this.node) ?? this.node).close()
  }
}
