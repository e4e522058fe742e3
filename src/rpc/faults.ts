import { InjectedFault } from '../errors.ts'
import type { RpcMethod, RpcMethodTable } from './dispatcher.ts'

/** A fault armed on a method: its next `count` calls fail, are delayed, or both. */
export interface FaultSpec {
  /** The JSON-RPC method, or `*` for any method. */
  method: string
  /** How many calls it affects (default 1). */
  count?: number
  /** The error those calls answer with, instead of running. */
  error?: { code: number; message: string; data?: unknown }
  /** Real milliseconds each call waits before it is answered (or fails). */
  latencyMs?: number
  /**
   * The HTTP status of the response that carries the call (over HTTP; WebSocket has none). The call fails
   * with `error`, or with -32603 `injected fault: HTTP <status>` when no error is given.
   */
  httpStatus?: number
}

interface ArmedFault {
  spec: FaultSpec
  remaining: number
}

/**
 * Fault injection at the RPC layer, for in-process calls and served networks alike: {@link wrap} puts it in
 * front of a method table, so an armed fault meets the call after the envelope checks and before the
 * method runs. A fault's HTTP status travels with its error (`InjectedFault.httpStatus`), and the dispatcher
 * hands it to the transport with the answer. Faults on one method are used in the order they were armed; `*` faults apply to every method
 * after that method's own.
 * @example
 * const faults = new FaultInjector()
 * const dispatcher = createDispatcher(faults.wrap(createMethodTable({ node, limits, clientVersion })))
 * faults.arm({ method: 'eth_getLogs', count: 2, error: { code: -32005, message: 'try again' }, httpStatus: 429 })
 */
export class FaultInjector {
  private readonly armed: ArmedFault[] = []

  /** Arms a fault for the method's next `count` calls. */
  arm(spec: FaultSpec): void {
    const count = spec.count ?? 1
    if (!Number.isInteger(count) || count < 1) throw new RangeError(`fault count must be a positive integer, got ${count}`)
    this.armed.push({ spec, remaining: count })
  }

  /** Calls still to be affected: of one method (its own faults and `*` ones), or of all faults. */
  pending(method?: string): number {
    return this.armed
      .filter((f) => method === undefined || f.spec.method === method || f.spec.method === '*')
      .reduce((sum, f) => sum + f.remaining, 0)
  }

  /** Disarms every fault. */
  clear(): void {
    this.armed.length = 0
  }

  /** The same methods, each consulting this injector before it runs. */
  wrap(methods: RpcMethodTable): RpcMethodTable {
    return Object.fromEntries(Object.entries(methods).map(([name, method]) => [name, this.guard(name, method)]))
  }

  private guard(name: string, method: RpcMethod): RpcMethod {
    return async (params, ctx) => {
      const fault = this.take(name)
      if (fault === undefined) return method(params, ctx)
      if (fault.latencyMs) await new Promise((resolve) => setTimeout(resolve, fault.latencyMs))
      const { httpStatus } = fault
      if (fault.error) throw new InjectedFault(fault.error.message, { code: fault.error.code, data: fault.error.data, httpStatus })
      if (httpStatus !== undefined) throw new InjectedFault(`injected fault: HTTP ${httpStatus}`, { httpStatus })
      return method(params, ctx)
    }
  }

  /** Uses one call of the first fault armed on `name` (then of the first `*` fault). */
  private take(name: string): FaultSpec | undefined {
    const index = [
      this.armed.findIndex((f) => f.spec.method === name),
      this.armed.findIndex((f) => f.spec.method === '*'),
    ].find((i) => i >= 0)
    if (index === undefined) return undefined
    const fault = this.armed[index] as ArmedFault
    if (--fault.remaining === 0) this.armed.splice(index, 1)
    return fault.spec
  }
}
