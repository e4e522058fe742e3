import { vi } from 'vitest'
import { WebSocket } from 'ws'

/** Polls `read` until it returns a value `accept`s (bounded: a failing condition fails the test in 5 s). */
export async function waitFor<T>(read: () => T | Promise<T>, accept: (value: T) => boolean, what: string): Promise<T> {
  return vi.waitFor(
    async () => {
      const value = await read()
      if (!accept(value)) throw new Error(`still waiting for ${what}`)
      return value
    },
    { timeout: 5_000, interval: 10 },
  )
}

/** A raw `ws` JSON-RPC client that keeps every message, so answers and notifications can be told apart. */
export class WsClient {
  readonly messages: any[] = []
  private nextId = 1

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => this.messages.push(JSON.parse(String(data))))
  }

  static async open(url: string): Promise<WsClient> {
    const socket = new WebSocket(url)
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve())
      socket.once('error', reject)
    })
    return new WsClient(socket)
  }

  /** Sends one request and resolves with its whole response (result or error). */
  async call(method: string, params: unknown[] = []): Promise<{ result?: any; error?: { code: number; message: string } }> {
    const id = this.nextId++
    this.socket.send(JSON.stringify({ jsonrpc: '2.0', id, method, params }))
    return waitFor(() => this.messages.find((m) => m.id === id), (m) => m !== undefined, `answer to ${method}`)
  }

  async subscribe(...params: unknown[]): Promise<string> {
    const answer = await this.call('eth_subscribe', params)
    if (typeof answer.result !== 'string') throw new Error(`eth_subscribe failed: ${JSON.stringify(answer)}`)
    return answer.result
  }

  /** The results notified so far for one subscription, in arrival order. */
  notified<T = any>(subscription: string): T[] {
    return this.messages
      .filter((m) => m.method === 'eth_subscription' && m.params?.subscription === subscription)
      .map((m) => m.params.result as T)
  }

  /** Waits until `count` notifications have arrived for `subscription`, and returns them. */
  waitNotified<T = any>(subscription: string, count: number): Promise<T[]> {
    return waitFor(() => this.notified<T>(subscription), (n) => n.length >= count, `${count} notifications`)
  }

  /**
   * Resolves once every message the server sent before this call has arrived: a request's answer travels
   * behind them on the same socket.
   */
  async drained(): Promise<void> {
    await this.call('eth_chainId')
  }

  async close(): Promise<void> {
    if (this.socket.readyState === WebSocket.CLOSED) return
    const closed = new Promise((resolve) => this.socket.once('close', resolve))
    this.socket.close()
    await closed
  }
}
