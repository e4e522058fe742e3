import { INTERNAL_ERROR_MESSAGE, InjectedFault, InternalError, ServerError } from '../../errors.ts'
import type { RpcContext, RpcMethod, RpcMethodTable } from '../rpcMethod.ts'
import { ConnectionDrops } from './connectionDrops.ts'
import { injectedError } from './injected.ts'
import type { ConnectionWatch, DroppableConnection } from './connectionDrops.ts'
import type { BatchPartialFaultSpec, ErrorFaultSpec, FaultSpec, LagFaultSpec, LostFilterFaultSpec, RateLimitFaultSpec } from './faultSpec.ts'
import { ThroughputBucket } from './throughputBucket.ts'
import { Trigger } from './trigger.ts'
import { alchemy } from '../providers/alchemy.ts'
import { infura } from '../providers/infura.ts'
import type { ProviderProfile } from '../providers/providerProfile.ts'
import type { FaultedMethods } from './faultedMethods.ts'
import { FaultSpecError } from './errors.ts'

export type { FaultSpec } from './faultSpec.ts'
export type { ConnectionWatch, DroppableConnection } from './connectionDrops.ts'

/** What a method table is wrapped with: how to answer as a lagging replica, and the network's provider. */
export interface FaultContext {
  /** The same methods, answering as a replica `blocks` behind the head. */
  lagged?: (blocks: bigint) => RpcMethodTable
  /** Whose prices a `rateLimit` uses when it names no provider. */
  profile?: ProviderProfile
}

const THROUGHPUT = { infura: infura.throughput!, alchemy: alchemy.throughput! }

interface Armed<S> {
  spec: S
  trigger: Trigger
}

/**
 * Fault injection at the RPC layer, for in-process calls and served networks alike: {@link wrap} puts it in
 * front of a method table, so an armed fault meets the call after the envelope checks and before the method
 * runs. Each call meets, in this order: the throughput limit (`rateLimit`), `error` faults (a method's own in
 * the order armed, then `*` ones), `batchPartial` (requests of a batch only), `lostFilter`
 * (eth_getFilterChanges), `lag` (reads); the first that acts decides. `wsDrop` faults act on WebSocket
 * connections the transport attaches ({@link attachConnection}). Faults that act on a fraction of calls choose
 * them with a seeded generator, so a run repeats. An error's HTTP status travels with it to the transport.
 * @example
 * const faults = new FaultInjector({ methods: FAULTED_METHODS })
 * const dispatcher = createDispatcher(faults.wrap(createMethodTable({ node, profile, clientVersion })))
 * faults.arm({ method: 'eth_getLogs', count: 2, error: { code: -32005, message: 'try again' }, httpStatus: 429 })
 * faults.arm({ kind: 'lostFilter', rate: 0.3, seed: 7 })
 */
export class FaultInjector {
  private readonly errors: Armed<ErrorFaultSpec>[] = []
  private readonly lags: Armed<LagFaultSpec>[] = []
  private readonly lostFilters: Armed<LostFilterFaultSpec>[] = []
  private readonly partials: Armed<BatchPartialFaultSpec>[] = []
  private readonly drops = new ConnectionDrops()
  private throughput: { spec: RateLimitFaultSpec; bucket: ThroughputBucket | undefined } | undefined
  private readonly knownMethods = new Set<string>()
  private readonly now: () => number
  private readonly methods: FaultedMethods

  /**
   * @param options.methods what the declarations say of the methods faulted (which are control, which lag, what each costs)
   * @param options.now the clock a `rateLimit` refills on, in milliseconds (default `performance.now`).
   */
  constructor(options: { methods: FaultedMethods; now?: () => number }) {
    this.methods = options.methods
    this.now = options.now ?? (() => performance.now())
  }

  /** Arms a fault (`{kind: 'none'}` clears them all). Throws {@link FaultSpecError} for an unknown method, or a lag naming a method not declared `lagged`. */
  arm(spec: FaultSpec): void {
    switch (spec.kind) {
      case undefined:
      case 'error': {
        if (spec.count !== undefined && (!Number.isInteger(spec.count) || spec.count < 1)) {
          throw new RangeError(`fault count must be a positive integer, got ${spec.count}`)
        }
        this.checkMethods(spec.method === '*' ? [] : [spec.method])
        // A fault on a fraction of calls lasts until cleared; one on every call, for one call unless counted.
        const count = spec.count ?? (spec.rate === undefined ? 1 : undefined)
        this.errors.push({ spec, trigger: new Trigger({ ...spec, count }) })
        return
      }
      case 'lag':
        this.checkMethods(spec.methods ?? [])
        this.checkLagged(spec.methods ?? [])
        this.lags.push({ spec, trigger: new Trigger(spec) })
        return
      case 'lostFilter':
        this.lostFilters.push({ spec, trigger: new Trigger(spec) })
        return
      case 'wsDrop':
        this.drops.arm(spec)
        return
      case 'batchPartial':
        this.partials.push({ spec, trigger: new Trigger(spec) })
        return
      case 'rateLimit':
        this.throughput = { spec, bucket: undefined }
        return
      case 'none':
        this.clear()
        return
    }
  }

  /** Calls `error` faults may still fail: of one method (its own faults and `*` ones), or of all of them. */
  pending(method?: string): number {
    return this.errors
      .filter((f) => method === undefined || f.spec.method === method || f.spec.method === '*')
      .reduce((sum, f) => sum + (f.trigger.left ?? Infinity), 0)
  }

  /**
   * The faults that may still act, kind by kind in the order a call meets them, each as it was armed with the
   * times it may still act (`left`; absent: until cleared).
   */
  list(): Array<FaultSpec & { left?: number }> {
    const armed: Armed<FaultSpec>[] = [...this.errors, ...this.partials, ...this.lostFilters, ...this.lags, ...this.drops.armedDrops]
    return [
      ...(this.throughput ? [{ ...this.throughput.spec }] : []),
      ...armed.filter(({ trigger }) => !trigger.spent).map(({ spec, trigger }) => (trigger.left === undefined ? { ...spec } : { ...spec, left: trigger.left })),
    ]
  }

  /** Disarms every fault. */
  clear(): void {
    this.errors.length = 0
    this.lags.length = 0
    this.lostFilters.length = 0
    this.partials.length = 0
    this.throughput = undefined
    this.drops.clear()
  }

  /** Watches a WebSocket connection for `wsDrop` faults (the transport calls this when one opens). */
  attachConnection(connection: DroppableConnection): ConnectionWatch {
    return this.drops.attach(connection)
  }

  /** The same methods, each consulting this injector before it runs. */
  wrap(methods: RpcMethodTable, context: FaultContext = {}): RpcMethodTable {
    for (const name of Object.keys(methods)) this.knownMethods.add(name)
    return Object.fromEntries(Object.entries(methods).map(([name, method]) => [name, this.guard(name, method, methods, context)]))
  }

  private guard(name: string, method: RpcMethod, methods: RpcMethodTable, context: FaultContext): RpcMethod {
    if (name === 'sim_fault') return method
    // chainsim's own control methods (declared `control`) are never rate limited, lagged or partially failed: a
    // test must be able to mine, reorganise and clear faults whatever it injected.
    const control = this.methods.control.has(name)
    // With nothing armed (almost always) the method is called as it is, with no promise around it.
    return (params, ctx) => (this.nothingArmed() ? method(params, ctx) : this.faulted(name, control, method, params, ctx, methods, context))
  }

  private nothingArmed(): boolean {
    return this.errors.length === 0 && this.lags.length === 0 && this.lostFilters.length === 0 && this.partials.length === 0 && this.throughput === undefined
  }

  private async faulted(
    name: string,
    control: boolean,
    method: RpcMethod,
    params: unknown[],
    ctx: RpcContext,
    methods: RpcMethodTable,
    context: FaultContext,
  ): Promise<unknown> {
    const refused = control ? undefined : this.throughputRefusal(name, context)
    if (refused) throw injectedError(refused)
    const fault = this.takeError(name)
    if (fault !== undefined) {
      if (fault.latencyMs) await new Promise((resolve) => setTimeout(resolve, fault.latencyMs))
      const { httpStatus } = fault
      if (fault.error) throw injectedError(new InjectedFault(fault.error.message, { code: fault.error.code, data: fault.error.data, httpStatus }))
      if (httpStatus !== undefined) throw injectedError(new InjectedFault(`injected fault: HTTP ${httpStatus}`, { httpStatus }))
      return method(params, ctx)
    }
    if (control) return method(params, ctx)
    const partial = ctx.inBatch ? this.partials.find((p) => p.trigger.fires()) : undefined
    if (partial) {
      if (partial.spec.answer === 'null') return null
      const error = partial.spec.error ?? { code: InternalError.code, message: INTERNAL_ERROR_MESSAGE }
      throw injectedError(new InjectedFault(error.message, { code: error.code, data: error.data }))
    }
    if (name === 'eth_getFilterChanges' && this.lostFilters.some(({ trigger }) => trigger.fires())) {
      // The filter is really gone, as when a load balancer sends the poll to a replica that never had it.
      await methods['eth_uninstallFilter']?.(params, ctx)
      throw injectedError(new ServerError('filter not found'))
    }
    const lag = context.lagged && this.lags.find((l) => (l.spec.methods ? l.spec.methods.includes(name) : this.methods.lagged.has(name)) && l.trigger.fires())
    if (lag && context.lagged) return context.lagged(BigInt(lag.spec.blocks))[name]!(params, ctx)
    return method(params, ctx)
  }

  /** The first `error` fault on `name` (then the first `*` one) whose trigger fires; spent ones are dropped. */
  private takeError(name: string): ErrorFaultSpec | undefined {
    if (this.errors.length === 0) return undefined
    const candidates = [...this.errors.filter((f) => f.spec.method === name), ...this.errors.filter((f) => f.spec.method === '*')]
    const fault = candidates.find((f) => f.trigger.fires())
    if (fault?.trigger.spent) this.errors.splice(this.errors.indexOf(fault), 1)
    return fault?.spec
  }

  private throughputRefusal(name: string, context: FaultContext) {
    const armed = this.throughput
    if (!armed) return undefined
    if (!armed.bucket) {
      const { provider } = armed.spec
      const shape = (provider === undefined ? context.profile?.throughput : THROUGHPUT[provider]) ?? THROUGHPUT.infura
      const unitsPerSecond = armed.spec.unitsPerSecond ?? shape.unitsPerSecond
      armed.bucket = new ThroughputBucket(shape, unitsPerSecond, armed.spec.burstSeconds ?? shape.burstSeconds, this.now, this.methods.priceOf)
    }
    return armed.bucket.take(name)
  }

  /** A lag answers reads from an older head: a write or a method that reads no head cannot lag. */
  private checkLagged(names: readonly string[]): void {
    const refused = names.filter((name) => !this.methods.lagged.has(name))
    if (refused.length === 0) return
    throw new FaultSpecError(
      `a lag answers reads resolved against the head only: ${refused.join(', ')} ${refused.length === 1 ? 'is' : 'are'} not declared lagged (docs/reference/json-rpc.md marks the lagged methods)`,
    )
  }

  private checkMethods(names: readonly string[]): void {
    if (this.knownMethods.size === 0) return
    const unknown = names.find((name) => !this.knownMethods.has(name))
    if (unknown !== undefined) throw new FaultSpecError(`chainsim has no method ${unknown}`)
  }
}
