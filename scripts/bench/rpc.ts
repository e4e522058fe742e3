/** One JSON-RPC call over HTTP (global fetch keeps connections alive); throws the error object. */
export async function rpc<T = unknown>(url: string, method: string, params: unknown[] = []): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const body = (await response.json()) as { result?: T; error?: { code: number; message: string } }
  if (body.error) throw Object.assign(new Error(body.error.message), body.error)
  return body.result as T
}

/**
 * One JSON-RPC call, timed to the answer's last byte: the answer is read as text and not parsed,
 * so a large answer measures the server, not the client's JSON.parse. Throws on an error answer.
 */
export async function rpcText(url: string, method: string, params: unknown[] = []): Promise<string> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const text = await response.text()
  if (!text.includes('"result"')) {
    const error = (JSON.parse(text) as { error?: { code: number; message: string } }).error
    throw Object.assign(new Error(error?.message ?? text.slice(0, 200)), error ?? {})
  }
  return text
}
