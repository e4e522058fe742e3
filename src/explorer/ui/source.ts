import { ChainsimError, MethodNotFoundError, ServerError } from '../../errors.ts'
import type { ReportAnswers } from './report.ts'

/**
 * Where the page gets its data: a live network over JSON-RPC (WebSocket), or the answers a report embedded.
 * Components only call methods and listen; they never know which.
 */
export interface Source {
  /** Calls a JSON-RPC method; rejects with an {@link RpcFailure}. */
  call<T>(method: string, params?: unknown[]): Promise<T>
  /** Subscribes with `namespace_subscribe` (eth or sim); returns what ends it. */
  subscribe(namespace: 'eth' | 'sim', params: unknown[], onNotify: (result: unknown) => void): () => void
  /** False for a report: nothing changes, and controls are hidden. */
  readonly live: boolean
  /** The eth_subscribe subscriptions this page holds now: the network counts them with its clients'. */
  ownSubscriptions(): number
}

/** A JSON-RPC error answer. */
export class RpcFailure extends ChainsimError {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message)
  }
}

interface Waiting {
  resolve: (value: unknown) => void
  reject: (error: unknown) => void
}

/**
 * A JSON-RPC client over one WebSocket, with subscriptions. It names itself `explorer` (`?client=explorer`),
 * so the request log can tell its calls from the ones being debugged. A dropped connection is reopened and
 * subscriptions are made again.
 */
export class WebSocketSource implements Source {
  readonly live = true
  private socket: WebSocket | undefined
  private opened: Promise<WebSocket> | undefined
  private nextId = 1
  private readonly waiting = new Map<number, Waiting>()
  /** By `<namespace>:<id>`: eth_subscribe and sim_subscribe number their subscriptions apart. */
  private readonly subscriptions = new Map<string, (result: unknown) => void>()
  private readonly wanted = new Set<{ namespace: string; params: unknown[]; onNotify: (result: unknown) => void; id?: string }>()

  constructor(
    private readonly url: string,
    private readonly onConnectionChange: (connected: boolean) => void,
  ) {}

  call<T>(method: string, params: unknown[] = []): Promise<T> {
    return this.open().then(
      (socket) =>
        new Promise<T>((resolve, reject) => {
          const id = this.nextId++
          this.waiting.set(id, { resolve: resolve as (value: unknown) => void, reject })
          socket.send(JSON.stringify({ jsonrpc: '2.0', id, method, params }))
        }),
    )
  }

  ownSubscriptions(): number {
    let count = 0
    for (const key of this.subscriptions.keys()) if (key.startsWith('eth:')) count++
    return count
  }

  subscribe(namespace: 'eth' | 'sim', params: unknown[], onNotify: (result: unknown) => void): () => void {
    const entry: { namespace: string; params: unknown[]; onNotify: (result: unknown) => void; id?: string } = { namespace, params, onNotify }
    this.wanted.add(entry)
    void this.start(entry)
    return () => {
      this.wanted.delete(entry)
      if (entry.id === undefined) return
      this.subscriptions.delete(`${namespace}:${entry.id}`)
      this.call(`${namespace}_unsubscribe`, [entry.id]).catch(() => undefined)
    }
  }

  private async start(entry: { namespace: string; params: unknown[]; onNotify: (result: unknown) => void; id?: string }): Promise<void> {
    try {
      const id = await this.call<string>(`${entry.namespace}_subscribe`, entry.params)
      if (!this.wanted.has(entry)) {
        this.call(`${entry.namespace}_unsubscribe`, [id]).catch(() => undefined)
        return
      }
      entry.id = id
      this.subscriptions.set(`${entry.namespace}:${id}`, entry.onNotify)
    } catch {
      // The connection dropped meanwhile: it is made again when the socket reopens.
    }
  }

  private open(): Promise<WebSocket> {
    this.opened ??= new Promise<WebSocket>((resolve, reject) => {
      const socket = new WebSocket(this.url)
      socket.onopen = () => {
        this.socket = socket
        this.onConnectionChange(true)
        resolve(socket)
      }
      socket.onmessage = (event) => this.receive(String(event.data))
      socket.onclose = () => {
        const wasOpen = this.socket === socket
        this.socket = undefined
        this.opened = undefined
        for (const { reject: fail } of this.waiting.values()) fail(new RpcFailure(ServerError.code, 'connection closed'))
        this.waiting.clear()
        this.subscriptions.clear()
        if (!wasOpen) {
          reject(new RpcFailure(ServerError.code, 'cannot connect'))
          return
        }
        this.onConnectionChange(false)
        setTimeout(() => this.reconnect(), 1000)
      }
    })
    return this.opened
  }

  private reconnect(): void {
    this.open().then(
      () => {
        for (const entry of this.wanted) void this.start(entry)
      },
      () => setTimeout(() => this.reconnect(), 2000),
    )
  }

  private receive(text: string): void {
    let message: {
      id?: number
      result?: unknown
      error?: { code: number; message: string; data?: unknown }
      method?: string
      params?: { subscription: string; result: unknown }
    }
    try {
      message = JSON.parse(text)
    } catch {
      return
    }
    if (message.method !== undefined && message.params) {
      const namespace = message.method.slice(0, message.method.indexOf('_'))
      this.subscriptions.get(`${namespace}:${message.params.subscription}`)?.(message.params.result)
      return
    }
    const waiting = message.id === undefined ? undefined : this.waiting.get(message.id)
    if (!waiting || message.id === undefined) return
    this.waiting.delete(message.id)
    if (message.error) waiting.reject(new RpcFailure(message.error.code, message.error.message, message.error.data))
    else waiting.resolve(message.result)
  }
}

/** The answers a report embedded, by method and params: nothing is live. */
export class ReportSource implements Source {
  readonly live = false

  constructor(private readonly answers: ReportAnswers) {}

  call<T>(method: string, params: unknown[] = []): Promise<T> {
    const answer = this.answers.answer(method, params)
    return answer === undefined ? Promise.reject(new RpcFailure(MethodNotFoundError.code, `${method} is not in this report`)) : Promise.resolve(answer as T)
  }

  subscribe(): () => void {
    return () => undefined
  }

  ownSubscriptions(): number {
    return 0
  }
}
