import { z } from 'zod'
import { faultSpec } from '../rpc/faults/faultSpec.ts'
import { PROVIDER_NAMES } from '../rpc/providers/providerProfile.ts'
import { chainKeys, checkChainKeys, mining } from './chainKeys.ts'
import { hardforkName } from './hardfork.ts'
import { replaySpeed } from '../replay/speed.ts'
import { resolveReorgProfile } from '../reorg/profiles/index.ts'
import { ReorgProfileError } from '../reorg/errors.ts'

// Each `.describe(...)` says what a key expects; a refused value is named with it (src/config/describeIssue.ts).
// Each key's `title` says what it is for: docs/reference/config.md is generated from both (configReference.ts).

/** What a key is for, in the config reference and editors' hover help. */
const title = (text: string) => ({ title: text })

const port = z.number().int().min(0).max(65535).describe('a port number, 0 to 65535 (0: any free port)')

const milliseconds = () => z.number().int().positive().describe('a number of milliseconds (a whole number, at least 1)')
const bytes = () => z.number().int().positive().describe('a number of bytes (a whole number, at least 1)')

/** A cap overriding the provider profile's: a positive integer, or null for none. */
const cap = z.number().int().positive().nullable().describe('a positive whole number, or null for no cap').optional()
/** A block-range width (`toBlock − fromBlock`; 0 is a single block), or null for none. */
const width = z.number().int().nonnegative().nullable().describe('a number of blocks (a whole number, 0 or more), or null for no limit').optional()

/**
 * A network's eth_getLogs limits: a provider profile (src/rpc/providers/; Infura's by default) and any of its
 * caps overridden key by key, with the provider's oddities switched on if wanted.
 */
const limits = z
  .object({
    profile: z.enum(PROVIDER_NAMES).meta(title('the provider whose eth_getLogs limits and words the network has')).default('infura'),
    maxLogResults: cap.meta(title('the most logs one eth_getLogs answers')),
    uncappedBlockRange: width.meta(title('ranges at most this wide are answered whatever their count')),
    maxBlockRange: width.meta(title('the widest range eth_getLogs takes')),
    queryTimeoutMs: cap.meta(title('how long one eth_getLogs may run')),
    maxLogParams: cap.meta(title('addresses plus topic values in one log filter')),
    maxParamsPerPosition: cap.meta(title('addresses, or values of one topic position, in one log filter')),
    maxResponseBytes: cap.meta(title("the largest log array's JSON, in bytes")),
    oddities: z
      .object({
        suggestionEqualsRequest: z.boolean().optional().meta(title('the range suggested is the one asked for: retrying it as it is loops forever')),
        suggestionExceedsLimit: z.boolean().optional().meta(title('the range suggested is one block wider than what fits, and is refused in turn')),
      })
      .strict()
      .optional()
      .meta(title("a provider's quirks that clients must survive, off by default")),
  })
  .strict()

const finality = z
  .object({
    safeDepth: z.number().int().nonnegative().meta(title('how many blocks below the head `safe` is')).default(32),
    finalizedDepth: z
      .number()
      .int()
      .nonnegative()
      .meta(title('how many blocks below the head `finalized` is; no reorg goes below it unless forced'))
      .default(64),
  })
  .strict()
  .refine((depths) => depths.safeDepth <= depths.finalizedDepth, {
    path: ['safeDepth'],
    message: 'safeDepth must not exceed finalizedDepth: a finalized block is also safe',
  })

const MB = 1024 * 1024

/**
 * Transport limits, the same for every network (docs/reference/errors-and-limits.md, Transport limits). Each has its own clear refusal:
 * HTTP 413, WS close 1009, WS close 1008 for a client too slow to read, -32600 for a batch or a nesting
 * too large, HTTP 408 for a request that does not arrive in time, WS close 1001 for an idle connection.
 */
const serverLimits = z
  .object({
    maxHttpBodyBytes: bytes()
      .meta(title('the largest HTTP request body (past it: HTTP 413)'))
      .default(10 * MB),
    maxWsMessageBytes: bytes()
      .meta(title('the largest WebSocket message (past it: close 1009)'))
      .default(10 * MB),
    /** Unsent bytes a WS client may fall behind by before it is dropped. */
    maxWsBufferedBytes: bytes()
      .meta(title('unsent bytes a WebSocket client may fall behind by (past it: close 1008)'))
      .default(16 * MB),
    maxBatchSize: z
      .number()
      .int()
      .positive()
      .describe('a number of requests (a whole number, at least 1)')
      .meta(title('requests in one batch (past it: -32600)'))
      .default(1000),
    maxJsonDepth: z
      .number()
      .int()
      .positive()
      .describe('a nesting depth (a whole number, at least 1)')
      .meta(title('how deep a request may nest (past it: -32600)'))
      .default(64),
    httpKeepAliveTimeoutMs: milliseconds().meta(title('how long an idle HTTP connection is kept open')).default(72_000),
    httpRequestTimeoutMs: milliseconds().meta(title('how long a request may take to arrive (past it: HTTP 408)')).default(30_000),
    /** Nothing (no message, no pong) heard from a WS client for this long closes it. */
    wsIdleTimeoutMs: milliseconds().meta(title('nothing heard from a WebSocket client for this long closes it (close 1001)')).default(300_000),
    wsPingIntervalMs: milliseconds().meta(title('how often a WebSocket client is pinged; less than wsIdleTimeoutMs')).default(30_000),
  })
  .strict()
  .refine((limits) => limits.wsPingIntervalMs < limits.wsIdleTimeoutMs, {
    message: 'wsPingIntervalMs must be less than wsIdleTimeoutMs',
    path: ['wsPingIntervalMs'],
  })

/** Per-API-key token buckets; off unless given. `burst` defaults to one second's worth. */
const rateLimit = z
  .object({
    requestsPerSecond: z.number().positive().meta(title("the rate each API key's bucket refills at")),
    burst: z.number().int().positive().optional().meta(title("the requests a key may send at once (default: one second's worth)")),
  })
  .strict()
  .transform((limit) => ({ requestsPerSecond: limit.requestsPerSecond, burst: limit.burst ?? Math.ceil(limit.requestsPerSecond) }))

/**
 * A network that starts from another chain's state at a block (its upstream, over HTTP), read lazily and
 * cached; `offline` plays from the cache alone. `retries` and `timeoutMs` bound each attempt, `deadlineMs` each upstream read.
 * With `replayTo`, the upstream's blocks after the fork block are mined again up to it (src/replay); a `fixture`
 * (`chainsim fixture`) stands for the upstream and the cache.
 */
const fork = z
  .object({
    url: z.string().min(1).optional().meta(title("the upstream chain's JSON-RPC URL (HTTP); or give fixture")),
    blockNumber: z.number().int().nonnegative().optional().meta(title("the block to fork at (default: the upstream's latest)")),
    block: z.number().int().nonnegative().optional().meta(title('another name for blockNumber: give one of the two')),
    cacheDir: z.string().min(1).optional().meta(title('where the fork cache is kept (default $XDG_CACHE_HOME/chainsim, else ~/.cache/chainsim)')),
    offline: z.boolean().optional().meta(title('play from the cache alone; the upstream is never asked')),
    retries: z.number().int().min(0).max(10).optional().meta(title('retries of a failed upstream round trip (default 3)')),
    timeoutMs: milliseconds().optional().meta(title('one upstream round trip fails past this (default 20,000)')),
    /** One upstream read, retries and their waits included, fails past this many ms (default 10,000). */
    deadlineMs: milliseconds().optional().meta(title('one upstream read, retries and their waits included, fails past this (default 10,000)')),
    replayTo: z
      .number()
      .int()
      .nonnegative()
      .optional()
      .describe('a block number after the fork block')
      .meta(title("mine the upstream's blocks after the fork block again, up to this one (docs/guides/replay.md)")),
    replaySpeed: replaySpeed.optional().describe('fast (default), realtime, or X times real time').meta(title('the pace of the replay')),
    replayPaused: z.boolean().optional().meta(title('the replay starts paused (sim_replay [{"resume": true}] starts it)')),
    fixture: z
      .string()
      .min(1)
      .optional()
      .describe('a path to a file chainsim fixture wrote')
      .meta(title('a fixture to play from instead of url and a cache (replayTo defaults to its last block)')),
  })
  .strict()
  .refine((f) => (f.url === undefined) !== (f.fixture === undefined), {
    message: 'give either url (an upstream) or fixture (a file chainsim fixture wrote)',
    path: ['url'],
  })
  .refine((f) => f.block === undefined || f.blockNumber === undefined, { message: 'block and blockNumber name the same block: give one', path: ['block'] })
  .refine((f) => f.fixture !== undefined || f.replayTo !== undefined || (f.replaySpeed === undefined && f.replayPaused === undefined), {
    message: 'replaySpeed and replayPaused go with replayTo (the last block to replay)',
    path: ['replayTo'],
  })
  .refine((f) => f.fixture === undefined || (f.blockNumber === undefined && f.block === undefined && f.cacheDir === undefined && f.offline === undefined), {
    message: 'a fixture holds its fork block and plays offline: leave out blockNumber, cacheDir and offline',
    path: ['fixture'],
  })

/**
 * How many of the newest blocks keep their state (docs/guides/state-and-persistence.md, "State history"): a count, or `"all"` for an
 * archive. Default: 256, and at least finality.finalizedDepth + 64.
 */
const history = z
  .object({
    stateBlocks: z
      .union([z.number().int().positive(), z.literal('all')])
      .describe('a number of blocks (a whole number, at least 1), or "all"')
      .meta(title('the newest blocks whose state is kept (default 256, and at least finality.finalizedDepth + 64)')),
  })
  .strict()

/**
 * The reorgs a network makes by itself (src/reorg/profiles): a built-in profile's name, a profile file (YAML or
 * JSON), or a profile object, and the seed of its draws (default 1): the same seed and traffic, the same hashes.
 */
export const reorgsConfig = z
  .object({
    profile: z
      .union([z.string().min(1), z.record(z.string(), z.unknown())], { error: 'expected a profile name, a profile file, or a profile object' })
      .describe("a built-in profile's name, a profile file (YAML or JSON), or a profile object")
      .meta(title('the reorgs it makes: ethereum, polygon, optimism, arbitrum, bsc, none, or your own')),
    seed: z.number().int().optional().describe('a whole number').meta(title('seeds the draws, so runs repeat (default 1)')),
  })
  .strict()
  .superRefine((reorgs, ctx) => {
    try {
      resolveReorgProfile(reorgs.profile, { allowFiles: true })
    } catch (error) {
      if (!(error instanceof ReorgProfileError)) throw error
      ctx.addIssue({ code: 'custom', path: ['profile'], message: error.message })
    }
  })

/** One network: its own node, chain id and port. */
export const networkConfig = z
  .object({
    name: z
      .string()
      .regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, - and _ only')
      .describe('a name of letters, digits, - and _')
      .meta(title("the network's name, in the banner, logs and the explorer")),
    /** Required, except on a fork, which takes its upstream's unless given. */
    chainId: z
      .number()
      .int()
      .positive()
      .describe('a chain id (a whole number, at least 1)')
      .optional()
      .meta(title("the chain id; required, except on a fork, which takes its upstream's")),
    port: port.optional().meta(title('the port it is served on (default: 8545 for the first network, counting up)')),
    mining: mining.meta(title('when blocks are mined')).prefault({ auto: true }),
    limits: limits.meta(title('eth_getLogs limits: a provider profile and any of its caps, key by key (null removes one)')).prefault({}),
    /** Faults armed from the start (src/rpc/faults.ts), as `sim_fault` arms them. */
    faults: z.array(faultSpec).meta(title('faults armed from the start, as sim_fault takes them')).default([]),
    filterTimeoutMs: milliseconds().meta(title('a filter not polled for this long is uninstalled')).default(300_000),
    syncSendTimeoutMs: milliseconds()
      .meta(
        title(
          "how long eth_sendRawTransactionSync and eth_sendTransactionSync wait for a block when the call names no wait (geth's --rpc.txsync.defaulttimeout)",
        ),
      )
      .default(20_000),
    syncSendMaxTimeoutMs: milliseconds()
      .meta(title("the longest wait a sync send may ask for; a longer one is cut to it (geth's --rpc.txsync.maxtimeout)"))
      .default(60_000),
    finality: finality.meta(title('how far below the head the safe and finalized tags are')).default({ safeDepth: 32, finalizedDepth: 64 }),
    history: history.optional().meta(title('which blocks keep their state (default: the top-level history, else the newest 256)')),
    /** Send ERC-20 transfers between dev accounts, so logs flow with no client action. */
    backgroundTraffic: z.boolean().meta(title('send ERC-20 transfers between dev accounts, so logs flow with no client action')).default(false),
    fork: fork.optional().meta(title("start from another chain's state at a block")),
    reorgs: reorgsConfig.optional().meta(title('reorganize by itself as a public chain does (docs/reference/reorg-profiles.md)')),
    ...chainKeys.shape,
    autoImpersonate: z.boolean().meta(title("eth_sendTransaction sends as any address without its key (Anvil's --auto-impersonate)")).default(false),
    hardfork: hardforkName.optional().meta(title("the rules it runs (default: the top-level hardfork, else latest; a fork: its upstream's at the fork block)")),
  })
  .strict()
  .refine((network) => network.chainId !== undefined || network.fork !== undefined, {
    message: "chainId is required (a network with `fork` takes its upstream's)",
    path: ['chainId'],
  })
  .superRefine(checkChainKeys)

/** A web origin as browsers send it: `scheme://host[:port]`, no path (or `*`: any). */
const origin = z.string().refine((value) => value === '*' || isOrigin(value), {
  error: (issue) => `${JSON.stringify(issue.input)} is not an origin such as http://localhost:3000 (scheme, host and port; no path), or "*"`,
})

/** An API key, or a key with the only origins that may use it from a browser (as Infura's allowlists). */
const apiKey = z
  .union([
    z.string().min(1),
    z
      .object({ key: z.string().min(1).meta(title('the API key')), origins: z.array(origin).min(1).meta(title('the only origins browsers may use it from')) })
      .strict(),
  ])
  .describe('an API key, or { "key": KEY, "origins": [ORIGIN, ...] }')

/** The networks served when a config names none: `dev` and `dev-interval` (docs/guides/dev-chain.md). */
export const DEFAULT_NETWORKS: Array<z.input<typeof networkConfig>> = [
  { name: 'dev', chainId: 31337, port: 8545, mining: { auto: true } },
  { name: 'dev-interval', chainId: 31338, port: 8546, mining: { auto: false, intervalMs: 2000 }, backgroundTraffic: true },
]

/** The config file (JSON or YAML). Unknown keys are refused, by name. */
export const chainsimConfig = z
  .object({
    host: z.string().min(1).meta(title('the address every network binds')).default('127.0.0.1'),
    apiKeys: z.array(apiKey).meta(title('the API keys URLs must carry (/v3/KEY); none: any key, and / too')).default([]),
    /** Origins browsers may call from: any (the default, as Anvil), a list, or none. */
    cors: z
      .union([z.literal('*'), z.array(origin), z.literal(false)])
      .describe('"*", a list of origins, or false')
      .meta(title('origins browsers may call from: any, a list, or none'))
      .default('*'),
    /** Host names requests may address (DNS rebinding protection); default: loopback names and `host`. */
    allowedHosts: z
      .union([z.literal('*'), z.array(z.string().min(1))])
      .describe('"*" or a list of host names')
      .optional()
      .meta(title('host names requests may address besides loopback names, host and IP literals (default: those; "*" on a non-loopback host)')),
    tls: z
      .object({ cert: z.string().min(1).meta(title('a PEM certificate file')), key: z.string().min(1).meta(title('its PEM private key file')) })
      .strict()
      .optional()
      .meta(title('serve HTTPS and WSS')),
    logRequests: z.boolean().meta(title('print each JSON-RPC call as it is answered')).default(false),
    silent: z.boolean().meta(title("print nothing of what mined transactions and calls print (Anvil's --silent)")).default(false),
    warmUp: z.boolean().meta(title('once served, run the hot paths on a throwaway chain while idle, so the first tests meet compiled code')).default(true),
    clientVersion: z
      .string()
      .min(1)
      .optional()
      .meta(title('what web3_clientVersion answers (default anvil/v<Anvil version>/chainsim/v<version>/node<version>: docs/reference/compatibility.md)')),
    artifacts: z
      .string()
      .min(1)
      .optional()
      .meta(title("a Foundry out/ or Hardhat artifacts/ folder: every network names and decodes the project's contracts with it (read again when it changes)")),
    limits: serverLimits.meta(title('transport limits, the same for every network')).prefault({}),
    rateLimit: rateLimit.optional().meta(title('a token bucket per API key; off unless given')),
    /** The state window of every network that sets none of its own. */
    history: history.optional().meta(title('the state window of every network that sets none of its own')),
    /** The rules of every network that sets none of its own. */
    hardfork: hardforkName.optional().meta(title('the rules of every network that sets none of its own')),
    /** Default: the embedded default networks (`dev` and `dev-interval`), so a file may set only the rest. */
    networks: z.array(networkConfig).min(1).meta(title('the networks served, each on its own port')).prefault(DEFAULT_NETWORKS),
  })
  .strict()
  .superRefine((config, ctx) => {
    const seen = new Map<string, number>()
    config.networks.forEach((network, index) => {
      const first = seen.get(network.name)
      if (first !== undefined) {
        ctx.addIssue({ code: 'custom', path: ['networks', index, 'name'], message: `duplicate network name (also networks.${first})` })
      }
      seen.set(network.name, index)
    })
    // Port 0 asks for any free port, so only fixed ports can clash.
    const ports = new Map<number, number>()
    config.networks.forEach((network, index) => {
      if (network.port === undefined || network.port === 0) return
      const first = ports.get(network.port)
      if (first !== undefined) {
        ctx.addIssue({ code: 'custom', path: ['networks', index, 'port'], message: `port ${network.port} is also networks.${first}'s` })
      }
      ports.set(network.port, index)
    })
  })
  .transform(({ history, hardfork, ...config }) => ({
    ...config,
    networks: config.networks
      .map((network) => (network.history !== undefined || history === undefined ? network : { ...network, history }))
      .map((network) => (network.hardfork !== undefined || hardfork === undefined ? network : { ...network, hardfork })),
  }))

export type ChainsimConfig = z.output<typeof chainsimConfig>

/** The keys of `apiKeys`, whichever form each was given in. */
export function apiKeyNames(config: Pick<ChainsimConfig, 'apiKeys'>): string[] {
  return config.apiKeys.map((entry) => (typeof entry === 'string' ? entry : entry.key))
}

/** The keys that carry their own origins, with them. */
export function apiKeyOrigins(config: Pick<ChainsimConfig, 'apiKeys'>): Map<string, string[]> {
  return new Map(config.apiKeys.flatMap((entry) => (typeof entry === 'string' ? [] : [[entry.key, entry.origins] as const])))
}

function isOrigin(value: string): boolean {
  try {
    return new URL(value).origin === value.replace(/\/$/, '')
  } catch {
    return false
  }
}
export type NetworkConfig = z.output<typeof networkConfig>
export type ChainsimConfigInput = z.input<typeof chainsimConfig>
