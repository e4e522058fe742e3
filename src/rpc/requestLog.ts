/** One JSON-RPC call as it was answered: what was asked, how long it took, what came back. */
export interface LoggedRequest {
  /** 1-based, per network, in the order the answers were made. */
  readonly seq: number
  /** Wall-clock time the call started, ms since the epoch. */
  readonly at: number
  readonly network: string
  readonly transport: 'http' | 'ws'
  /** The name the client gave itself (`?client=NAME` on its URL), if any. */
  readonly client?: string
  /** The WebSocket connection it came on. */
  readonly connection?: number
  readonly method: string
  /** The params, shortened to at most {@link PARAMS_SUMMARY_CHARS} characters. */
  readonly params: string
  readonly durationMs: number
  /** Characters of the serialised answer, which is its size in bytes for ASCII JSON (absent in-process, where callers get values). */
  readonly size?: number
  readonly error?: { readonly code: number; readonly message: string }
  /** The answer came from an injected fault (src/rpc/faults.ts). */
  readonly injected?: boolean
}

/** Calls kept per network by default. */
export const DEFAULT_REQUEST_LOG_CAPACITY = 1_000
/** The longest params summary. */
export const PARAMS_SUMMARY_CHARS = 160

/** How a {@link RequestLog} keeps and prints calls. */
export interface RequestLogOptions {
  /** Calls kept (default {@link DEFAULT_REQUEST_LOG_CAPACITY}). */
  capacity?: number
  /** Where a printed call goes, as one {@link formatRequestLine} line; without it nothing is printed. */
  print?: (line: string) => void
  /** Whether calls are printed from the start (`--log-requests`). Default false. */
  printing?: boolean
}

/**
 * The last calls of one network, in a ring of fixed size, with listeners for each new one (the explorer's
 * `sim_subscribe requests`), printed one line each while printing is on (`serve --log-requests`, switched
 * by anvil_setLoggingEnabled).
 *
 * Recording must cost nothing measurable when nobody reads (eth_blockNumber's latency is the floor the
 * performance work relies on). A ring of entry objects cost ~4 µs a call, nearly all of it garbage
 * collection: every entry outlived the young generation and was copied to the old one. So the ring is kept
 * as columns (typed arrays for numbers; method and client names interned), a call allocates nothing that
 * outlives it unless its params or error need words of their own, and entries are made as objects only when
 * read. The params summary stops at {@link PARAMS_SUMMARY_CHARS}, so a 10 MB request is summarised in the
 * time its first elements take.
 */
export class RequestLog {
  private readonly at: Float64Array
  private readonly duration: Float64Array
  /** NaN: no size (an in-process call). */
  private readonly size: Float64Array
  /** NaN: no connection (HTTP). */
  private readonly connection: Float64Array
  /** 0: no error. */
  private readonly code: Int32Array
  private readonly flags: Uint8Array
  private readonly method: string[]
  private readonly params: string[]
  private readonly client: Array<string | undefined>
  private readonly message: Array<string | undefined>
  private readonly names = new Map<string, string>()
  private readonly listeners = new Set<(entry: LoggedRequest) => void>()
  private written = 0
  private readonly print: ((line: string) => void) | undefined
  /**
   * Whether calls are printed. As in Anvil, it is read when a call arrives: the call that turns printing on
   * is not printed, the one that turns it off is.
   */
  printing: boolean
  readonly capacity: number

  constructor(
    readonly network: string,
    options: RequestLogOptions = {},
  ) {
    const capacity = (this.capacity = options.capacity ?? DEFAULT_REQUEST_LOG_CAPACITY)
    this.print = options.print
    this.printing = options.printing ?? false
    this.at = new Float64Array(capacity)
    this.duration = new Float64Array(capacity)
    this.size = new Float64Array(capacity)
    this.connection = new Float64Array(capacity)
    this.code = new Int32Array(capacity)
    this.flags = new Uint8Array(capacity)
    this.method = new Array<string>(capacity).fill('')
    this.params = new Array<string>(capacity).fill('')
    this.client = new Array<string | undefined>(capacity).fill(undefined)
    this.message = new Array<string | undefined>(capacity).fill(undefined)
  }

  /** Starts a call's entry; `finish` it when its answer is made. */
  start(method: string, params: unknown, transport: 'http' | 'ws', client?: string, connection?: number): PendingRequest {
    const name = this.intern(shortened(method, MAX_METHOD_CHARS))
    return new PendingRequest(this, name, params, transport, client === undefined ? undefined : this.intern(client), connection, this.printing)
  }

  /** Writes a finished call into the ring and tells the listeners. */
  finished(call: PendingRequest, size: number | undefined, durationMs: number): void {
    const slot = this.written++ % this.capacity
    this.at[slot] = performance.timeOrigin + call.started
    this.duration[slot] = durationMs
    this.size[slot] = size ?? Number.NaN
    this.connection[slot] = call.connection ?? Number.NaN
    this.code[slot] = call.error?.code ?? 0
    this.flags[slot] = (call.transport === 'ws' ? WS : 0) | (call.injected ? INJECTED : 0) | (call.error ? FAILED : 0)
    this.method[slot] = call.method
    this.params[slot] = call.params
    this.client[slot] = call.client
    this.message[slot] = call.error?.message
    const print = call.printed ? this.print : undefined
    if (this.listeners.size === 0 && print === undefined) return
    const entry = this.entryAt(this.written)
    print?.(formatRequestLine(entry))
    for (const listener of this.listeners) listener(entry)
  }

  /** Calls `listener` with every entry from now on; returns what stops it. */
  listen(listener: (entry: LoggedRequest) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /** How many calls were recorded, forgotten ones included. */
  get total(): number {
    return this.written
  }

  /** The newest entries with `seq` below `before` (default: all), newest first, at most `limit`. */
  page(before: number, limit: number): LoggedRequest[] {
    const found: LoggedRequest[] = []
    const oldest = Math.max(1, this.written - this.capacity + 1)
    for (let seq = Math.min(before - 1, this.written); seq >= oldest && found.length < limit; seq--) found.push(this.entryAt(seq))
    return found
  }

  private entryAt(seq: number): LoggedRequest {
    const slot = (seq - 1) % this.capacity
    const flags = this.flags[slot] as number
    const entry: { -readonly [K in keyof LoggedRequest]: LoggedRequest[K] } = {
      seq,
      at: this.at[slot] as number,
      network: this.network,
      transport: flags & WS ? 'ws' : 'http',
      method: this.method[slot] as string,
      params: this.params[slot] as string,
      durationMs: this.duration[slot] as number,
    }
    const client = this.client[slot]
    if (client !== undefined) entry.client = client
    if (!Number.isNaN(this.connection[slot])) entry.connection = this.connection[slot] as number
    if (!Number.isNaN(this.size[slot])) entry.size = this.size[slot] as number
    if (flags & FAILED) entry.error = { code: this.code[slot] as number, message: this.message[slot] ?? '' }
    if (flags & INJECTED) entry.injected = true
    return entry
  }

  /**
   * The one copy of a method or client name, so that an entry holds a long-lived string rather than the
   * request's own; bounded, since names come from clients.
   */
  private intern(name: string): string {
    const known = this.names.get(name)
    if (known !== undefined) return known
    if (this.names.size < MAX_INTERNED_NAMES) this.names.set(name, name)
    return name
  }
}

const WS = 1
const INJECTED = 2
const FAILED = 4
const MAX_INTERNED_NAMES = 1024

/** A call being answered: its start is noted, the rest when the answer is made. */
export class PendingRequest {
  readonly started = performance.now()
  readonly params: string
  error?: { code: number; message: string }
  injected = false
  private done = false

  constructor(
    private readonly log: RequestLog,
    readonly method: string,
    params: unknown,
    readonly transport: 'http' | 'ws',
    readonly client: string | undefined,
    readonly connection: number | undefined,
    /** Printing was on when the call arrived. */
    readonly printed: boolean,
  ) {
    this.params = summarizeParams(params)
  }

  /** Notes the call's error (by its wire code and message), and whether a fault injected it. */
  failed(error: { code: number; message: string }, injected: boolean): void {
    this.error = { code: error.code, message: shortened(error.message, MAX_ERROR_CHARS) }
    this.injected = injected
  }

  /** Records the call with the length of its serialised answer (absent in-process); only the first call counts. */
  finish(size?: number): void {
    if (this.done) return
    this.done = true
    this.log.finished(this, size, performance.now() - this.started)
  }
}

const MAX_METHOD_CHARS = 64
const MAX_ERROR_CHARS = 200

/**
 * `text`, cut to `max` characters. The cut is copied out: V8 keeps a slice as a view of the whole string, and
 * an entry must not hold a 10 MB method name alive.
 */
function shortened(text: string, max: number): string {
  return text.length <= max ? text : `${Buffer.from(text.slice(0, max - 1), 'utf8').toString('utf8')}…`
}

const LONG_STRING = 66
const SHOWN_ITEMS = 3

/**
 * Params as short JSON-like text: strings past a hash's length are cut (`0x02f8…(1234 chars)`), arrays show
 * their first items and how many more, and the whole stops at {@link PARAMS_SUMMARY_CHARS}. It walks only as
 * far as it prints, so its cost does not grow with the request.
 */
export function summarizeParams(params: unknown): string {
  if (params === undefined) return ''
  const out = { text: '' }
  write(params, out)
  return out.text.length > PARAMS_SUMMARY_CHARS ? `${out.text.slice(0, PARAMS_SUMMARY_CHARS - 1)}…` : out.text
}

function write(value: unknown, out: { text: string }): void {
  if (out.text.length > PARAMS_SUMMARY_CHARS) return
  if (typeof value === 'string') {
    out.text += value.length > LONG_STRING ? `${JSON.stringify(value.slice(0, 10)).slice(0, -1)}…(${value.length} chars)"` : JSON.stringify(value)
  } else if (Array.isArray(value)) {
    out.text += '['
    value.slice(0, SHOWN_ITEMS).forEach((item, i) => {
      if (i > 0) out.text += ','
      write(item, out)
    })
    if (value.length > SHOWN_ITEMS) out.text += `,…+${value.length - SHOWN_ITEMS}`
    out.text += ']'
  } else if (typeof value === 'object' && value !== null) {
    out.text += '{'
    let first = true
    for (const key in value) {
      if (!Object.hasOwn(value, key)) continue
      if (out.text.length > PARAMS_SUMMARY_CHARS) break
      out.text += `${first ? '' : ','}${JSON.stringify(key.length > LONG_STRING ? `${key.slice(0, 10)}…` : key)}:`
      first = false
      write((value as Record<string, unknown>)[key], out)
    }
    out.text += '}'
  } else {
    out.text += String(value)
  }
}

/**
 * One call as `serve --log-requests` prints it:
 * `20:05:31.402 dev http indexer eth_getLogs [{"fromBlock":"0x0"}] 1.42 ms → 1204 B` (or `→ -32005 message`).
 */
export function formatRequestLine(entry: LoggedRequest): string {
  const time = new Date(entry.at).toISOString().slice(11, 23)
  const via = entry.connection === undefined ? entry.transport : `${entry.transport}#${entry.connection}`
  const who = entry.client === undefined ? '' : ` ${entry.client}`
  const outcome = entry.error
    ? `${entry.error.code}${entry.injected ? ' (injected)' : ''} ${printable(entry.error.message)}`
    : entry.size === undefined
      ? 'ok'
      : `${entry.size} B`
  return `${time} ${entry.network} ${via}${who} ${printable(entry.method)} ${entry.params || '[]'} ${entry.durationMs.toFixed(2)} ms → ${outcome}`
}

/**
 * A client's method name (and the error that repeats it) as a terminal may show it: control characters
 * escaped as `\n` or `\u001b`, so that no call can break its line, forge another, or send escape sequences.
 */
function printable(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters it escapes
  return text.replace(/[\u0000-\u001f\u007f-\u009f]/g, (c) => (c === '\n' ? '\\n' : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`))
}
