import type { FastifyBaseLogger } from 'fastify'
import { consoleErrorLogger } from '../errors.ts'

/**
 * The logger the HTTP server is given: faults (errors, warnings) go to standard error, nothing else is
 * written, and a request's logger is the server's own. fastify's default (pino) makes a child logger for
 * every request even when nothing is logged: ~4.4 µs of an eth_blockNumber's ~45 over loopback (measured
 * against a bare fastify route and a bare node:http server answering the same body). Each JSON-RPC call is
 * printed by the request log instead (`serve --log-requests`).
 */
export const faultLogger: FastifyBaseLogger = {
  level: 'error',
  error: (obj: unknown, msg?: string) => consoleErrorLogger.error(obj, msg),
  fatal: (obj: unknown, msg?: string) => consoleErrorLogger.error(obj, msg),
  warn: (obj: unknown, msg?: string) => consoleErrorLogger.error(obj, msg),
  info: () => {},
  debug: () => {},
  trace: () => {},
  silent: () => {},
  child: () => faultLogger,
}
