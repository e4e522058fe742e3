import { createServer } from 'node:net'

/**
 * A port nothing listens on now, for a process a test or a bench starts: fixed ports collide with other runs on a
 * shared machine (two benches at once each measured the other's server).
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}
