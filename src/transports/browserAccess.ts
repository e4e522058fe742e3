import { isIP } from 'node:net'

/** Which web origins may call a network from a browser: any (`*`), those listed, or none (`false`). */
export type CorsSetting = '*' | readonly string[] | false

/** Options of {@link createBrowserAccess}. */
export interface BrowserAccessOptions {
  /** Origins that may call with any key (default `*`, as Anvil). */
  cors?: CorsSetting
  /** Origins per API key; a key listed here admits only these, whatever `cors` says (as Infura's allowlists). */
  keyOrigins?: ReadonlyMap<string, readonly string[]>
  /** Host names a request's `Host` may name besides loopback names and the bound host (`*`: any). */
  allowedHosts?: readonly string[] | '*'
  /** The address the server binds. */
  host: string
}

/** How a browser request is answered: allowed (with the `Access-Control-Allow-Origin` value to send, if any), or refused. */
export type OriginDecision = { allowed: true; allowOrigin: string | undefined } | { allowed: false; reason: string }

/**
 * What a network lets browsers do, as geth's --http.corsdomain, --http.vhosts and --ws.origins do:
 * - the `Host` check stops DNS rebinding: a web page whose own name resolves to 127.0.0.1 still sends its own
 *   name as `Host`, which is not an allowed host (loopback names, the bound host, IP literals and those listed);
 * - the origin check decides which pages may call (CORS over HTTP, the `Origin` of a WebSocket upgrade).
 * A request with no `Origin` (curl, Node, any non-browser client) and a page served by chainsim itself
 * (same origin) are always allowed.
 */
export interface BrowserAccess {
  /** `undefined` when the `Host` header names an allowed host, else why it does not. */
  hostRefusal(hostHeader: string | undefined): string | undefined
  /** Whether a request from `origin` (its `Origin` header) may call with `apiKey`. */
  decideOrigin(origin: string | undefined, apiKey: string | undefined, hostHeader: string | undefined, secure: boolean): OriginDecision
  /** The allowed hosts in force, for the banner: `*` when the check is off. */
  readonly allowedHosts: readonly string[] | '*'
  /** Whether the host check was turned off because the server binds a non-loopback address. */
  readonly openBecauseBound: boolean
}

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '::1']

/** Whether `host` (a bind address or host name) is a loopback address or name. */
export function isLoopback(host: string): boolean {
  const name = normalizeHostName(host)
  if (LOOPBACK_NAMES.includes(name) || name.endsWith('.localhost')) return true
  return isIP(name) === 4 && name.startsWith('127.')
}

/** Builds a network's browser-access rules from its config. */
export function createBrowserAccess(options: BrowserAccessOptions): BrowserAccess {
  const given = options.cors ?? '*'
  const cors: CorsSetting = given === '*' || given === false ? given : given.map(normalizeOrigin)
  const keyOrigins = new Map([...(options.keyOrigins ?? [])].map(([key, origins]) => [key, origins.map(normalizeOrigin)]))
  // Bound to a non-loopback address (0.0.0.0, a container), the operator opened the port on purpose.
  const openBecauseBound = options.allowedHosts === undefined && !isLoopback(options.host)
  const always = [...LOOPBACK_NAMES, normalizeHostName(options.host)]
  const allowedHosts =
    openBecauseBound || options.allowedHosts === '*' ? '*' : [...new Set([...always, ...(options.allowedHosts ?? []).map(normalizeHostName)])]
  const hostSet = allowedHosts === '*' ? undefined : new Set(allowedHosts)

  return {
    allowedHosts,
    openBecauseBound,
    hostRefusal(hostHeader) {
      // As geth's --http.vhosts: no Host (HTTP/1.0) and IP literals pass; rebinding needs a name.
      if (hostSet === undefined || hostHeader === undefined || hostHeader === '') return undefined
      const name = normalizeHostName(stripPort(hostHeader))
      if (hostSet.has(name) || isIP(name) !== 0) return undefined
      return `host not allowed: ${hostHeader ?? '(none)'}; chainsim answers requests addressed to ${[...hostSet].map((h) => (h.includes(':') ? `[${h}]` : h)).join(', ')} (DNS rebinding protection): add the name with --allowed-hosts or "allowedHosts" in the config, or "*" to turn the check off`
    },
    decideOrigin(origin, apiKey, hostHeader, secure) {
      if (origin === undefined) return { allowed: true, allowOrigin: undefined }
      const sameOrigin = hostHeader !== undefined && origin.toLowerCase() === `${secure ? 'https' : 'http'}://${hostHeader.toLowerCase()}`
      const keyed = apiKey === undefined ? undefined : keyOrigins.get(apiKey)
      const policy: CorsSetting = keyed ?? cors
      if (policy === '*' || (policy !== false && policy.includes('*'))) return { allowed: true, allowOrigin: '*' }
      if (policy !== false && policy.includes(normalizeOrigin(origin))) return { allowed: true, allowOrigin: origin }
      if (sameOrigin) return { allowed: true, allowOrigin: undefined }
      return {
        allowed: false,
        reason: keyed
          ? `origin ${origin} is not allowed for this API key`
          : `origin ${origin} is not allowed${cors === false ? ' (CORS is off)' : ''}; allow it with --cors or "cors" in the config`,
      }
    },
  }
}

/** An origin as browsers send it: `scheme://host[:port]`, lower case, no path; what config lists are compared by. */
export function normalizeOrigin(origin: string): string {
  try {
    const url = new URL(origin)
    return url.origin === 'null' ? origin.toLowerCase() : url.origin
  } catch {
    return origin.toLowerCase()
  }
}

function stripPort(hostHeader: string): string {
  if (hostHeader.startsWith('[')) return hostHeader.slice(0, hostHeader.indexOf(']') + 1)
  const colon = hostHeader.lastIndexOf(':')
  return colon > 0 && hostHeader.indexOf(':') === colon ? hostHeader.slice(0, colon) : hostHeader
}

function normalizeHostName(host: string): string {
  const name = host.trim().toLowerCase()
  return name.startsWith('[') && name.endsWith(']') ? name.slice(1, -1) : name
}
