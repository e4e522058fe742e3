import type { RpcErrorObject } from '../errors.ts'

/** A JSON-RPC request id; null is a legal id and is answered as null. */
export type RpcId = number | string | null

/** A successful JSON-RPC response. */
export type RpcResultResponse = { jsonrpc: '2.0'; id: RpcId; result: unknown }

/** A failed JSON-RPC response. */
export type RpcErrorResponse = { jsonrpc: '2.0'; id: RpcId; error: RpcErrorObject }

/** Any JSON-RPC response. */
export type RpcResponse = RpcResultResponse | RpcErrorResponse

/** Builds a success response; `undefined` becomes `null` so the `result` member is never dropped by JSON. */
export function resultResponse(id: RpcId, result: unknown): RpcResultResponse {
  return { jsonrpc: '2.0', id, result: result === undefined ? null : result }
}

/** Builds an error response. */
export function errorResponse(id: RpcId, error: RpcErrorObject): RpcErrorResponse {
  return { jsonrpc: '2.0', id, error }
}
