// An HTTP keep-alive load generator, run as its own process so it does not share the server's
// event loop: `connections` clients each POST `body` and wait for the answer, for `seconds`.
// Latencies are measured with sub-millisecond resolution.
import http from 'node:http'

const [url, body, connectionsArg, secondsArg] = process.argv.slice(2)
if (!url || !body) throw new Error('usage: httpLoad URL BODY CONNECTIONS SECONDS')
const connections = Number(connectionsArg ?? 32)
const seconds = Number(secondsArg ?? 5)
const target = new URL(url)
const agent = new http.Agent({ keepAlive: true, maxSockets: connections })
const payload = Buffer.from(body)

const latencies: number[] = []
let errors = 0
const deadline = performance.now() + seconds * 1000

function request(): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        agent,
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': payload.length },
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () => resolve(Buffer.concat(chunks).toString()))
      },
    )
    req.on('error', reject)
    req.end(payload)
  })
}

async function client(): Promise<void> {
  while (performance.now() < deadline) {
    const start = performance.now()
    const answer = await request()
    if (answer.includes('"error"')) errors++
    latencies.push(performance.now() - start)
  }
}

const started = performance.now()
await Promise.all(Array.from({ length: connections }, client))
const elapsed = (performance.now() - started) / 1000
agent.destroy()
latencies.sort((a, b) => a - b)
const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0
process.stdout.write(JSON.stringify({ requests: latencies.length, rps: latencies.length / elapsed, p50: at(0.5), p95: at(0.95), errors }))
