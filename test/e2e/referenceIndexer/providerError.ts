import { BaseError, HttpRequestError, RpcRequestError, SocketClosedError } from 'viem'

/** What a provider answered a failed request with, as viem hands it over: the JSON-RPC error and the status. */
export interface ProviderError {
  code: number | undefined
  message: string
  data: unknown
  /** The HTTP status, when the response had one other than 200 and no JSON-RPC error in it. */
  status: number | undefined
  /** The socket closed under the request. */
  socketClosed: boolean
}

/** The provider's answer inside a viem error (viem wraps it in typed errors; the raw one is in the chain). */
export function providerError(error: unknown): ProviderError {
  if (!(error instanceof BaseError)) return { code: undefined, message: String(error), data: undefined, status: undefined, socketClosed: false }
  const rpc = error.walk((e) => e instanceof RpcRequestError) as RpcRequestError | null
  if (rpc) return { code: rpc.code, message: rpc.details, data: rpc.data, status: undefined, socketClosed: false }
  const http = error.walk((e) => e instanceof HttpRequestError) as HttpRequestError | null
  const socketClosed = error.walk((e) => e instanceof SocketClosedError) !== null
  return { code: undefined, message: http?.details ?? error.shortMessage, data: undefined, status: http?.status, socketClosed }
}
