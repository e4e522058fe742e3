import { request } from 'node:http'

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

/**
 * POSTs `body` on a connection of its own and times the server: from the moment the last byte is handed to
 * the socket to the moment the answer's headers arrive (so the client's own sending is left out).
 */
export function postTimed(url: string, body: string): Promise<{ status: number; text: string; serverMs: number }> {
  return new Promise((resolve, reject) => {
    let sent = 0
    const req = request(
      url,
      { method: 'POST', agent: false, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
      (response) => {
        const serverMs = performance.now() - sent
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8'), serverMs }))
      },
    )
    req.on('error', reject)
    req.end(body, () => (sent = performance.now()))
  })
}
