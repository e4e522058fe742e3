/** The `error` member of a JSON-RPC response. */
export interface RpcErrorBody {
  code: number
  message: string
  data?: unknown
}

/** A whole JSON-RPC response, as it came over the wire. */
export interface RpcResponseBody<T = unknown> {
  jsonrpc: string
  id: number | string | null
  result?: T
  error?: RpcErrorBody
}

/** A JSON-RPC error answer, thrown by {@link rpc}: `code`, `message` and `data` are the wire fields. */
export class RpcResponseError extends Error {
  readonly code: number
  readonly data?: unknown

  constructor(error: RpcErrorBody) {
    super(error.message)
    this.name = 'RpcResponseError'
    this.code = error.code
    if ('data' in error) this.data = error.data
  }
}

let nextId = 1

/** POSTs one JSON-RPC request to `url` over a real socket and returns the whole response body. */
export async function rpcRaw<T = unknown>(url: string, method: string, params: unknown[] = []): Promise<RpcResponseBody<T>> {
  const id = nextId++
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id, method, params }),
  })
  if (response.status !== 200) throw new Error(`${method}: HTTP ${response.status} ${await response.text()}`)
  const body = (await response.json()) as RpcResponseBody<T>
  if (body.id !== id) throw new Error(`${method}: answered id ${String(body.id)}, sent ${id}`)
  return body
}

/**
 * Calls `method` and returns its result; a JSON-RPC error is thrown as an {@link RpcResponseError}.
 * @example await expect(rpc(url, 'eth_getLogs', [{ fromBlock: '0x9', toBlock: '0x1' }])).rejects.toMatchObject({ code: -32602 })
 */
export async function rpc<T = any>(url: string, method: string, params: unknown[] = []): Promise<T> {
  const body = await rpcRaw<T>(url, method, params)
  if (body.error) throw new RpcResponseError(body.error)
  if (!('result' in body)) throw new Error(`${method}: response has neither result nor error`)
  return body.result as T
}

/** Calls `method` expecting an error, and returns the error object (fails if a result came back). */
export async function rpcError(url: string, method: string, params: unknown[] = []): Promise<RpcErrorBody> {
  const body = await rpcRaw(url, method, params)
  if (!body.error) throw new Error(`${method}: expected an error, got result ${JSON.stringify(body.result)}`)
  return body.error
}

/** POSTs any JSON body (a request or a batch) and returns the HTTP status with the parsed body, whatever they are. */
export async function postJson(url: string, body: unknown): Promise<{ status: number; body: any }> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  return { status: response.status, body: await response.json() }
}

/** One JSON-RPC request object, for {@link postJson}. */
export function request(
  method: string,
  params: unknown[] = [],
  id: number | string = nextId++,
): { jsonrpc: '2.0'; id: number | string; method: string; params: unknown[] } {
  return { jsonrpc: '2.0', id, method, params }
}
