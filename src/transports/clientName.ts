/** The longest client name kept. */
const MAX_CLIENT_NAME = 64

/**
 * The name a client gives itself with `?client=NAME` on its URL (`/v3/KEY?client=indexer`), which the request
 * log shows beside each call: letters, digits and `._:-` only, at most 64 characters; anything else is no name.
 */
export function clientName(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_CLIENT_NAME) return undefined
  return /^[A-Za-z0-9._:-]+$/.test(value) ? value : undefined
}
