import { existsSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { chromium, type Browser } from 'playwright-core'

/**
 * A real browser for the tests of pages: Debian's Chromium (`apt-get install -y chromium`) driven by
 * playwright-core, which downloads nothing. Where it is missing the browser tests are skipped with a line that
 * says how to install it, unless CHAINSIM_REQUIRE_BROWSER=1 (as in CI), which makes a missing browser a failure.
 */
export const CHROMIUM_PATH = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium'

export const browserAvailable = existsSync(CHROMIUM_PATH)

if (!browserAvailable) {
  const line = `browser tests: no Chromium at ${CHROMIUM_PATH}; install it with \`apt-get update && apt-get install -y chromium\` (or set CHROMIUM_PATH)`
  if (process.env['CHAINSIM_REQUIRE_BROWSER'] === '1') throw new Error(`${line}: CHAINSIM_REQUIRE_BROWSER=1 makes that a failure`)
  console.warn(`${line}; skipped`)
}

/** Headless Chromium with the flags this machine's closed network needs (no background connections). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  })
}

/** A static site on a loopback port of its own: its own origin, as a dapp's dev server has. */
export interface StaticSite {
  origin: string
  close(): Promise<void>
}

/** Serves `files` (path → content) from 127.0.0.1 on a free port, reachable as http://localhost:<port>. */
export async function serveStatic(files: Record<string, { type: string; body: string }>): Promise<StaticSite> {
  const server: Server = createServer((request, response) => {
    const file = files[(request.url ?? '/').split('?')[0] ?? '/']
    if (!file) {
      response.writeHead(404).end()
      return
    }
    response.writeHead(200, { 'content-type': file.type }).end(file.body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://localhost:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

/** Bundles `source` (an ES module that may import the project's dependencies) for the browser. */
export async function bundleForBrowser(source: string): Promise<string> {
  const result = await build({
    stdin: { contents: source, resolveDir: fileURLToPath(new URL('../..', import.meta.url)), loader: 'ts' },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  })
  return result.outputFiles[0]!.text
}
