import type http from 'node:http'
import type https from 'node:https'
import type { FastifyInstance } from 'fastify'
import { explorerAssets } from './assets.ts'

/**
 * The page's own rules: its script and style sheet only (no inline code, so chain data that slipped into
 * markup could not run), JSON-RPC to its own server over HTTP and WebSocket, and no framing.
 */
export const EXPLORER_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self' ws: wss:; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>chainsim explorer</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/ui/explorer.css">
</head>
<body>
<div id="app"></div>
<script src="/ui/explorer.js" defer></script>
</body>
</html>
`

/**
 * Serves the explorer at `/ui/` on a network's port. It is a page like any other client: what it shows comes
 * through JSON-RPC with the same key and the same Host and Origin rules (a page chainsim serves is same-origin,
 * so it works whatever the CORS setting).
 */
export function registerExplorerRoutes(app: FastifyInstance<http.Server | https.Server>): void {
  app.get('/ui', (_request, reply) => reply.redirect('/ui/'))
  app.get('/ui/', (_request, reply) =>
    reply.type('text/html; charset=utf-8').header('content-security-policy', EXPLORER_CSP).header('cache-control', 'no-cache').send(PAGE),
  )
  app.get('/ui/explorer.js', async (_request, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send((await explorerAssets()).script),
  )
  app.get('/ui/explorer.css', async (_request, reply) =>
    reply
      .type('text/css; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send((await explorerAssets()).style),
  )
}
