/**
 * Decides whether an API key is accepted. `undefined` stands for a path with no key segment (`/`), which
 * serves only when no keys are configured; `''` is an empty key segment (`/v3/`), never accepted.
 */
export type ApiKeyCheck = (key: string | undefined) => boolean

/**
 * Builds the key check for a network: with `apiKeys` empty any non-empty key (and the bare root path) is
 * accepted, otherwise only the listed keys.
 * @example createApiKeyCheck([])('anything') === true
 */
export function createApiKeyCheck(apiKeys: readonly string[]): ApiKeyCheck {
  if (apiKeys.length === 0) return (key) => key === undefined || key.length > 0
  const accepted = new Set(apiKeys)
  return (key) => key !== undefined && accepted.has(key)
}
