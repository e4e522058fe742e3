import { custom } from 'viem'
import type { CustomTransport } from 'viem'
import type { Dispatcher } from '../rpc/dispatcher.ts'

/** An EIP-1193 request function: the answer's result, or a throw of its JSON-RPC error (`code`, `message`, `data`). */
export type InProcessRequest = (args: { method: string; params?: readonly unknown[] | object }) => Promise<unknown>

/** What the request log calls a caller in this process (its client column). */
const CLIENT_NAME = 'in-process'

/** Thrown for a JSON-RPC error answer, with the error's members, as an EIP-1193 provider throws it. */
class InProcessRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message)
    this.name = 'InProcessRpcError'
  }
}

/**
 * JSON-RPC answered by a network's own dispatcher in this process: the methods, limits, faults and request log
 * of its URLs, with no socket between (no HTTP parsing, no kernel round trip). Calls are logged as HTTP calls
 * from the client `in-process`; subscriptions need a WebSocket and are not offered.
 */
export function inProcessRequest(dispatcher: Dispatcher): InProcessRequest {
  let id = 0
  return async ({ method, params }) => {
    const answer = await dispatcher.handle({ jsonrpc: '2.0', id: ++id, method, params: params ?? [] }, { transport: 'http', client: CLIENT_NAME })
    const response = answer as { result?: unknown; error?: { code: number; message: string; data?: unknown } } | undefined
    if (response?.error) throw new InProcessRpcError(response.error.code, response.error.message, response.error.data)
    return response?.result
  }
}

/**
 * A viem transport over {@link inProcessRequest}: `createTestClient({ mode: 'anvil', transport: chainsim.transport })`
 * runs a test suite's calls with no socket.
 */
export function inProcessTransport(dispatcher: Dispatcher): CustomTransport {
  return custom({ request: inProcessRequest(dispatcher) }, { name: 'chainsim in-process', key: 'chainsim' })
}
