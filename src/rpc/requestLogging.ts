/**
 * Whether a network's transport logs every request: `--log-requests` (config `logRequests`) at start,
 * anvil_setLoggingEnabled while it serves. The RPC layer flips it; the transport listens.
 */
export class RequestLogging {
  #enabled: boolean
  readonly #listeners: Array<(enabled: boolean) => void> = []

  constructor(enabled = false) {
    this.#enabled = enabled
  }

  get enabled(): boolean {
    return this.#enabled
  }

  set(enabled: boolean): void {
    this.#enabled = enabled
    for (const listener of this.#listeners) listener(enabled)
  }

  /** Calls `listener` with every later setting. */
  onChange(listener: (enabled: boolean) => void): void {
    this.#listeners.push(listener)
  }
}
