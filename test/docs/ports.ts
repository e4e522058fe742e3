import { createServer } from 'node:net'
import type { Server } from 'node:net'

// The docs write the ports a user sees (8545, 8546, `--port 9545`); a test moves them to ports that are free here,
// so that it never takes 8545 and never meets another run.

/** Two neighbouring ports nothing listens on now: `--port N` serves the networks on N, N + 1. */
export async function freePortPair(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const first = await listenOn(0)
    const port = (first.address() as { port: number }).port
    const second = await listenOn(port + 1).catch(() => undefined)
    await close(first)
    if (second) {
      await close(second)
      return port
    }
  }
  throw new Error('no two neighbouring free ports')
}

/** Holds `port` of loopback until the returned server is closed. */
export function listenOn(port: number): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => resolve(server))
  })
}

export function close(server: Server): Promise<void> {
  return new Promise((resolve) => server.close(() => resolve()))
}

/**
 * `text` with its ports moved: each `--port N` to a free pair (N → P, N + 1 → P + 1, wherever they appear), then
 * 8545 and 8546 that remain to `shared` (the served chain's two networks), when given.
 */
export async function movePorts(text: string, shared?: { dev: number; devInterval: number }): Promise<{ text: string; moved: Map<number, number> }> {
  const moved = new Map<number, number>()
  for (const [, port] of text.matchAll(/--port (\d+)/g)) {
    const from = Number(port)
    if (moved.has(from)) continue
    const to = await freePortPair()
    moved.set(from, to)
    moved.set(from + 1, to + 1)
  }
  if (shared) {
    if (!moved.has(8545)) moved.set(8545, shared.dev)
    if (!moved.has(8546)) moved.set(8546, shared.devInterval)
  }
  return { text: text.replace(/\b\d{4,5}\b/g, (port) => String(moved.get(Number(port)) ?? port)), moved }
}
