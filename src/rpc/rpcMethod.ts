import type { RpcError } from '../errors.ts'

// What a JSON-RPC method is and what it knows of its request, shared by the dispatcher, the method table, the
// fault injector and the transports: a leaf that imports nothing of the method machinery, so that each of them
// can name a method without importing the others.

/** A long-lived client connection (WebSocket): lets a method push messages and clean up when it closes. */
export interface RpcConnection {
  readonly id: number
  /** Sends one JSON message (e.g. an `eth_subscription` notification) to this client. */
  notify(message: object): void
  /** Runs `listener` once when the connection closes. */
  onClose(listener: () => void): void
  /**
   * Resolves once every message sent so far has been written to the connection's socket (or the connection
   * has closed): the settle barrier waits on it. Absent where sending is synchronous (in-process connections).
   */
  flushed?(): Promise<void>
}

/**
 * What a method knows about the request's transport; `connection` is present on WebSocket only. `admit`
 * (rate limiting) is asked once per message with the number of requests it holds, a batch counting each:
 * an error refuses them all, and every request of the message is answered with it.
 */
export type RpcContext = {
  transport: 'http' | 'ws'
  connection?: RpcConnection
  /** The name the client gave itself (`?client=NAME` on its URL), for the request log. */
  client?: string
  admit?: (requests: number) => RpcError | undefined
  /** Set on the requests of a batch (a provider may fail some of a batch's items and answer the rest). */
  inBatch?: boolean
}

/** One JSON-RPC method: positional params in, wire value (JSON-ready, no bigint) out. */
export type RpcMethod = (params: unknown[], ctx: RpcContext) => unknown

/** Method name → method. Only own keys resolve. */
export type RpcMethodTable = Readonly<Record<string, RpcMethod>>
