// A WebSocket load generator, run as its own process so it does not share the server's event
// loop: `connections` clients each send `body` and wait for the answer, for `seconds`.
import { WebSocket } from 'ws'

const [url, body, connectionsArg, secondsArg] = process.argv.slice(2)
if (!url || !body) throw new Error('usage: wsLoad URL BODY CONNECTIONS SECONDS')
const connections = Number(connectionsArg ?? 32)
const seconds = Number(secondsArg ?? 5)

const latencies: number[] = []
let errors = 0
const deadline = performance.now() + seconds * 1000

async function client(): Promise<void> {
  const socket = new WebSocket(url as string)
  await new Promise((resolve, reject) => {
    socket.once('open', resolve)
    socket.once('error', reject)
  })
  while (performance.now() < deadline) {
    const start = performance.now()
    const answer = await new Promise<string>((resolve) => {
      socket.once('message', (data) => resolve(String(data)))
      socket.send(body as string)
    })
    if (answer.includes('"error"')) errors++
    latencies.push(performance.now() - start)
  }
  socket.close()
}

const started = performance.now()
await Promise.all(Array.from({ length: connections }, client))
const elapsed = (performance.now() - started) / 1000
latencies.sort((a, b) => a - b)
const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0
process.stdout.write(JSON.stringify({ requests: latencies.length, rps: latencies.length / elapsed, p50: at(0.5), p95: at(0.95), errors }))
