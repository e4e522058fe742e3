// Anvil's flags (anvil 1.7.1 --help) that `chainsim serve` does not take, each with what does its job in chainsim, so a
// user's Anvil command line is refused with a way forward rather than commander's bare "unknown option". Loaded
// by src/cli.ts at parse time: data only.

const NO_EQUIVALENT = 'chainsim has no equivalent'

const ADVICE: Record<string, string> = {
  '--config-out': `${NO_EQUIVALENT}: the banner prints each network's URLs, and anvil_nodeInfo or sim_network answer the rest`,
  '--ipc': `${NO_EQUIVALENT}: chainsim serves JSON-RPC over HTTP and WebSocket only`,
  '--ipcpath': `${NO_EQUIVALENT}: chainsim serves JSON-RPC over HTTP and WebSocket only`,
  '-j': `${NO_EQUIVALENT}: a network runs on one thread`,
  '--threads': `${NO_EQUIVALENT}: a network runs on one thread`,
  '--max-persisted-states': "the state kept is the config's history.stateBlocks (or --archive, or --prune-history N)",
  '--max-transactions': `${NO_EQUIVALENT}: the pool holds 10,000 transactions per network`,
  '--mixed-mining': 'give a network mining: { "auto": true, "intervalMs": N } in the config file (automine and a block every N ms)',
  '--mnemonic-random': `${NO_EQUIVALENT}: give --mnemonic`,
  '--mnemonic-seed-unsafe': `${NO_EQUIVALENT}: give --mnemonic`,
  '--number': `${NO_EQUIVALENT}: a chain chainsim makes starts at block 0 (--init FILE imports a chain of your own with --import)`,
  '--preserve-historical-states': '--archive keeps every block\'s state (config history.stateBlocks: "all")',
  '-s': 'chainsim spells it --state-interval',
  '--slots-in-an-epoch': "the safe and finalized tags' depths are the config's finality.safeDepth and finality.finalizedDepth",
  '--transaction-block-keeper': `${NO_EQUIVALENT}: every block is kept; the config's history.stateBlocks bounds the state kept`,
  '--color': NO_EQUIVALENT,
  '--json': `${NO_EQUIVALENT}: --log-requests prints one line per call`,
  '--md': NO_EQUIVALENT,
  '-v': `${NO_EQUIVALENT}: --log-requests prints one line per call, debug_traceTransaction traces one`,
  '--verbosity': `${NO_EQUIVALENT}: --log-requests prints one line per call, debug_traceTransaction traces one`,
  '--allow-origin': '--cors ORIGINS (comma-separated, or *)',
  '--cache-path': "a fork's cache directory is the config's fork.cacheDir (default $XDG_CACHE_HOME/chainsim)",
  '--no-request-size-limit': "the largest request is the config's limits.maxHttpBodyBytes and limits.maxWsMessageBytes",
  '--compute-units-per-second': "a provider's throughput limit is its profile's (limits.profile); rateLimit in the config file limits each API key",
  '--fork-chain-id': "--chain-id sets a forked network's chain id; --offline plays a fork from its cache alone",
  '--fork-header': `${NO_EQUIVALENT}: an upstream's credentials go in the URL (https://user:pass@host, or its key in the path)`,
  '--fork-retry-backoff': "a fork's retries are the config's fork.retries, and --fork-deadline-ms bounds each upstream read",
  '--fork-transaction-hash': `${NO_EQUIVALENT}: fork at a block with --fork-url URL@BLOCK or --fork-block-number`,
  '--no-rate-limit': `${NO_EQUIVALENT}: chainsim does not limit its own requests to an upstream`,
  '--no-rpc-rate-limit': `${NO_EQUIVALENT}: chainsim does not limit its own requests to an upstream`,
  '--no-storage-caching': `${NO_EQUIVALENT}: a fork's reads are always cached (the config's fork.cacheDir)`,
  '--retries': "a fork's retries are the config's fork.retries",
  '--timeout': "one upstream round trip's timeout is the config's fork.timeoutMs; --fork-deadline-ms bounds each read, retries included",
  '--disable-min-priority-fee': NO_EQUIVALENT,
  '--enable-tx-gas-limit': NO_EQUIVALENT,
  '--disable-default-create2-deployer': `${NO_EQUIVALENT}: chainsim deploys no CREATE2 factory`,
  '--disable-pool-balance-checks': NO_EQUIVALENT,
  '--memory-limit': `${NO_EQUIVALENT}: the config's history.stateBlocks bounds the state kept`,
  '--print-traces': `${NO_EQUIVALENT}: debug_traceTransaction and trace_transaction trace a mined transaction`,
  '--celo': `${NO_EQUIVALENT}: chainsim runs Ethereum's rules`,
  '-n': `${NO_EQUIVALENT}: chainsim runs Ethereum's rules`,
  '--network': `${NO_EQUIVALENT}: chainsim runs Ethereum's rules`,
  '-q': 'chainsim spells it --silent',
  '--quiet': 'chainsim spells it --silent',
  '--disable-console-log': NO_EQUIVALENT,
}

/**
 * What to say of commander's "unknown option" message when the option is one of Anvil's: the message with the
 * chainsim flag or key that does the job, or that there is none; undefined for any other message.
 */
export function anvilFlagAdvice(message: string): string | undefined {
  const flag = /unknown option '([^'=]+)/.exec(message)?.[1]
  if (flag === undefined || !Object.hasOwn(ADVICE, flag)) return undefined
  return `error: ${flag} is one of Anvil's flags that chainsim serve does not take: ${ADVICE[flag]} (docs/reference/cli.md, "From Anvil")\n`
}
