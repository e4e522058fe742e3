import { ForkStartError } from './errors.ts'

// A path segment this long, of key characters only, is taken for an API key (Infura's /v3/<key>, Alchemy's /v2/<key>).
const KEY_SEGMENT = /^[A-Za-z0-9_-]{16,}$/

/** Checks an upstream URL: HTTP or HTTPS, as chainsim's upstream client speaks JSON-RPC over HTTP. */
export function parseUpstreamUrl(url: string): URL {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    throw new ForkStartError(`fork url ${JSON.stringify(url)} is not a URL`)
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new ForkStartError(`fork url ${url}: chainsim forks over HTTP or HTTPS (got ${parsed.protocol.replace(/:$/, '')})`)
  }
  return parsed
}

/**
 * The URL as chainsim shows it (banner, errors, the cache's record): credentials, the query and path
 * segments that look like API keys are cut down, so that a provider key does not reach logs or clients.
 * @example upstreamLabel('https://mainnet.infura.io/v3/0123456789abcdef0123') // 'https://mainnet.infura.io/v3/0123…'
 */
export function upstreamLabel(url: URL): string {
  const path = url.pathname
    .split('/')
    .map((segment) => (KEY_SEGMENT.test(segment) ? `${segment.slice(0, 4)}…` : segment))
    .join('/')
  return `${url.protocol}//${url.host}${path}${url.search ? '?…' : ''}`
}
