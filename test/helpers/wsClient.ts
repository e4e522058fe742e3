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

type Answer = { result?: any; error?: { code: number; message: string } }

/** A raw `ws` JSON-RPC client that keeps every message, so answers and notifications can be told apart. */
export class WsClient {
  readonly messages: any[] = []
  private nextId = 1
  private readonly waiting = new Map<number, (answer: Answer) => void>()

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      const message = JSON.parse(String(data))
      this.messages.push(message)
      this.waiting.get(message.id)?.(message)
      this.waiting.delete(message.id)
    })
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
  call(method: string, params: unknown[] = []): Promise<Answer> {
    const id = this.nextId++
    const answered = new Promise<Answer>((resolve) => this.waiting.set(id, resolve))
    this.socket.send(JSON.stringify({ jsonrpc: '2.0', id, method, params }))
    return answered
  }

  async subscribe(...params: unknown[]): Promise<string> {
    const answer = await this.call('eth_subscribe', params)
    if (typeof answer.result !== 'string') throw new Error(`eth_subscribe failed: ${JSON.stringify(answer)}`)
    return answer.result
  }

  /** The results notified so far for one subscription, in arrival order. */
  notified<T = any>(subscription: string): T[] {
    return this.messages.filter((m) => m.method === 'eth_subscription' && m.params?.subscription === subscription).map((m) => m.params.result as T)
  }

  /**
   * Resolves once every notification caused by the writes made so far, by any client, has arrived: the answer
   * to sim_settle travels behind them on this socket.
   */
  async settle(): Promise<void> {
    const answer = await this.call('sim_settle')
    if (answer.error) throw new Error(`sim_settle failed: ${JSON.stringify(answer.error)}`)
  }

  async close(): Promise<void> {
    if (this.socket.readyState === WebSocket.CLOSED) return
    const closed = new Promise((resolve) => this.socket.once('close', resolve))
    this.socket.close()
    await closed
  }
}
