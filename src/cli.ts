// The `chainsim` command: the command line is parsed here, and each command's module (src/commands/) is loaded
// only when that command runs, so that `--version`, `--help` and a usage error load nothing else.
import { isMainThread } from 'node:worker_threads'
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander'
import { USAGE_EXIT_CODE } from './commands/exitCodes.ts'
import type { FixtureOptions } from './commands/fixture.ts'
import { anvilFlagAdvice } from './commands/anvilFlags.ts'
import type { ServeOptions } from './commands/serve.ts'
import type { PlayFilesOptions } from './scenarios/playFiles.ts'
import { REPORTER_NAMES } from './scenarios/reporters/names.ts'
import type { ReporterName } from './scenarios/reporters/names.ts'
import { parseShard } from './scenarios/shard.ts'
import type { Shard } from './scenarios/shard.ts'
import { version } from './version.ts'

function parseBlockNumber(value: string): number {
  const number = /^0x[0-9a-f]+$/i.test(value) ? Number.parseInt(value.slice(2), 16) : /^\d+$/.test(value) ? Number(value) : Number.NaN
  if (!Number.isSafeInteger(number)) throw new InvalidArgumentError('a block number, decimal or 0x-hex')
  return number
}

function parseSpeed(value: string): 'fast' | 'realtime' | number {
  if (value === 'fast' || value === 'realtime') return value
  const factor = Number(value.replace(/x$/i, ''))
  if (!(factor > 0) || factor > 1_000_000) throw new InvalidArgumentError('fast, realtime, or a number of times real time such as 10')
  return factor
}

function parseSeed(value: string): number {
  const seed = Number(value)
  if (!Number.isSafeInteger(seed)) throw new InvalidArgumentError('a whole number')
  return seed
}

function parsePort(value: string): number {
  const port = Number(value)
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new InvalidArgumentError('expected a port number, 0 to 65535')
  return port
}

const parseSeconds = wholeSeconds('a whole number of seconds')
const parseWholeSeconds = wholeSeconds('a whole number of seconds since 1970')

const program = new Command()
  .name('chainsim')
  .description('An in-memory simulated EVM chain: real transactions, scripted reorgs, pending logs, Infura-shaped JSON-RPC.')
  .version(version)
  // Usage errors are thrown rather than exiting 1, so that they exit 2 as chainsim's own usage errors do
  // (src/commands/exitCodes.ts); subcommands made below inherit it.
  .exitOverride()

program
  .command('serve')
  .description('serve the configured networks (default: dev on 8545 with automine, dev-interval on 8546)')
  .option('--config <file>', 'config file (JSON or YAML)')
  .option('--host <host>', 'address to bind (default 127.0.0.1)')
  .option('-p, --port <port>', 'port of the first network; the next ones get port + 1, port + 2...', parsePort)
  .option('--tls-cert <file>', 'PEM certificate: serve HTTPS and WSS')
  .option('--tls-key <file>', 'PEM private key for --tls-cert')
  .option('--log-requests', 'print each JSON-RPC call: network, transport, method, params, duration, answer size or error')
  .option('--silent', 'print nothing of mined transactions and their console.log output')
  .option('--no-warm-up', 'do not run the hot paths on a throwaway chain while idle after start (config warmUp)')
  .option('--artifacts <dir>', "a Foundry out/ or Hardhat artifacts/ folder: name and decode the project's contracts (read again when it changes)")
  .option('--genesis <file>', 'serve one network from this geth genesis JSON (its chain id; port --port or 8545)')
  .option('--import <file>', 'with --genesis: concatenated RLP blocks to import first (geth export, hive chain.rlp)')
  .option('--export-on-exit <dir>', "on SIGINT/SIGTERM, write each network's chain to <dir>/<network>/ (genesis.json, chain.rlp)")
  .option('--state <file>', 'load the networks from this file when it exists; journal every change to it before answering')
  .option(
    '--state-interval <seconds>',
    'with --state: rewrite the file whole every this many seconds while changes come (default 60; 0: on exit and sim_saveState only)',
    parseSeconds,
  )
  .option('--state-verify', 'with --state: execute every saved block again on load and check it against the file')
  .option('--load-state <file>', "load a dump into the first network at start: Anvil's state JSON (anvil --dump-state) or chainsim's anvil_dumpState")
  .option('--dump-state <file>', "on SIGINT/SIGTERM, write the first network's accounts to this file in Anvil's state JSON")
  .option('--cors <origins>', 'origins browsers may call from, comma-separated, or * (the default: any)', commaList)
  .option('--no-cors', 'no browser page of another origin may call')
  .option('--allowed-hosts <hosts>', 'host names requests may address besides loopback names, --host and IP literals, comma-separated, or * for any', commaList)
  .option(
    '--fork-url <url>',
    "serve one network, `fork`, on the state of this chain (JSON-RPC over HTTP), read lazily and cached; URL@BLOCK forks at BLOCK, as Anvil's",
    parseForkUrl,
  )
  .option('--fork-block <n>', "with --fork-url: the block to fork at (default: the upstream's latest)", parseBlockNumber)
  .option(
    '--fork-deadline-ms <ms>',
    'one upstream read of a forked network, retries included, fails past this (default 10000; config fork.deadlineMs)',
    parsePositiveInteger,
  )
  .option('--offline', 'forked networks play from their cache alone; the upstream is never asked')
  .option('--replay-to <m>', "with --fork-url (or --fork-fixture): mine the upstream's blocks after the fork block again, up to block M", parseBlockNumber)
  .option('--replay-speed <speed>', "fast (default), realtime (the upstream's timestamps), or X times real time", parseSpeed)
  .option('--replay-paused', 'the replay starts paused; sim_replay [{"resume": true}] starts it')
  .option('--fork-fixture <file>', 'serve one network, `fork`, from a fixture file `chainsim fixture` wrote (offline)')
  .option('--record <file>', 'write every state-changing call as a scenario file; `chainsim play FILE` gives the same blocks and hashes')
  .option(
    '--reorg-profile <profile>',
    'every network reorganizes by itself as a chain does: ethereum, polygon, optimism, arbitrum, bsc, none, or a profile file',
  )
  .option('--reorg-seed <seed>', 'with --reorg-profile: seeds its draws (default 1), so runs repeat', parseSeed)
  .option('--archive', "keep every block's state, not only the newest blocks' (see history.stateBlocks)")
  // Anvil's flags, under Anvil's names and units; they shape the first network (docs/reference/cli.md, "From Anvil").
  .option('--chain-id <id>', 'the chain id', parseChainId)
  .option('-a, --accounts <n>', 'how many dev accounts (default 10)', parseAccountCount)
  .option('--balance <eth>', "each dev account's balance in ETH (default 10000)", parseWholeNumber)
  .option('-m, --mnemonic <words>', 'the BIP-39 mnemonic the dev accounts are derived from')
  .option('--derivation-path <path>', "the path they are derived at, the index appended (default m/44'/60'/0'/0/)")
  .option('-b, --block-time <seconds>', 'mine a block every this many seconds (fractions allowed), and none per transaction', parseBlockTime)
  .option('--no-mining', 'mine only on evm_mine (or anvil_mine)')
  .option('--gas-limit <gas>', 'the block gas limit (default 30000000)', parseWholeNumber)
  .option('--disable-block-gas-limit', 'blocks take up to 2^64 - 1 gas')
  .option('--base-fee <wei>', "the genesis block's base fee (default 1000000000)", parseWholeNumber)
  .option('--block-base-fee-per-gas <wei>', 'the same as --base-fee', parseWholeNumber)
  .option('--gas-price <wei>', "taken, as Anvil's, for chains before London: chainsim's run EIP-1559, where it changes nothing", parseWholeNumber)
  .option('--code-size-limit <bytes>', "EIP-170's contract code size limit (default 24576); initcode may be twice it", parsePositiveInteger)
  .option('--disable-code-size-limit', 'no contract code or initcode size limit')
  .option('--timestamp <seconds>', "the genesis block's timestamp", parseWholeSeconds)
  .option('--order <order>', 'the order a block takes pooled transactions in: fees (the highest tip first, default) or fifo (arrival)', parseOrder)
  .option('--fork-block-number <n>', 'the same as --fork-block', parseBlockNumber)
  .option('--init <file>', 'the same as --genesis')
  .option('--prune-history [states]', 'keep the state of the newest STATES blocks only (default: the state window, 256 blocks)', parsePositiveInteger)
  .option('--steps-tracing', 'taken, as Anvil takes it: chainsim traces every call without it')
  // Anvil's second spellings of the same flags, taken and not listed.
  .addOption(new Option('--blockTime <seconds>').argParser(parseBlockTime).hideHelp())
  .addOption(new Option('--no-mine').hideHelp())
  .addOption(new Option('-f, --rpc-url <url>').argParser(parseForkUrl).hideHelp())
  .addOption(new Option('--tracing').hideHelp())
  .configureOutput({ outputError: (message, write) => write(anvilFlagAdvice(message) ?? message) })
  .option('--auto-impersonate', 'eth_sendTransaction sends as any address without its key, on every network (config autoImpersonate)')
  .option('--hardfork <name>', "the rules every network runs: paris to prague, osaka, bpo1, bpo2, or latest (the default); a fork: its upstream's")
  .action(async (options: ServeOptions) => (await import('./commands/serve.ts')).serve(options))

function parseChainId(value: string): number {
  const id = Number(value)
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(id) || id < 1) throw new InvalidArgumentError('a chain id (a whole number, at least 1)')
  return id
}

function parseAccountCount(value: string): number {
  const count = Number(value)
  if (!/^\d+$/.test(value) || count > 1000) throw new InvalidArgumentError('a number of accounts, 0 to 1000')
  return count
}

/** Wei, gas and ETH amounts may pass 2^53: kept as their decimal digits. */
function parseWholeNumber(value: string): string {
  if (!/^\d+$/.test(value)) throw new InvalidArgumentError('a whole number, 0 or more')
  return value
}

function parseBlockTime(value: string): number {
  const seconds = Number(value)
  if (!/^\d*\.?\d+$/.test(value) || seconds < 0.001 || seconds > (2 ** 31 - 1) / 1000) {
    throw new InvalidArgumentError('a number of seconds from 0.001 to 2147483, fractions allowed (such as 0.5)')
  }
  return seconds
}

function parseOrder(value: string): 'fees' | 'fifo' {
  if (value !== 'fees' && value !== 'fifo') throw new InvalidArgumentError('fees or fifo')
  return value
}

/**
 * Anvil's form: an HTTP(S) URL, optionally `@BLOCK` (or `@latest`) after it. As Anvil reads it, what follows the
 * last `@` is a block only when it holds no `:` or `.`, so `https://user:pass@host` keeps its credentials.
 */
function parseForkUrl(value: string): { url: string; block?: number } {
  const at = value.lastIndexOf('@')
  const tail = at < 0 ? '' : value.slice(at + 1)
  const hasBlock = tail !== '' && !tail.includes(':') && !tail.includes('.') && !tail.includes('/')
  const url = hasBlock ? value.slice(0, at) : value
  const protocol = URL.canParse(url) ? new URL(url).protocol : undefined
  if (protocol !== 'http:' && protocol !== 'https:') {
    throw new InvalidArgumentError(
      `${JSON.stringify(url)} is not an http:// or https:// URL of a JSON-RPC endpoint, such as http://127.0.0.1:8545 (URL@BLOCK forks at BLOCK)`,
    )
  }
  if (!hasBlock || tail === 'latest') return { url }
  return { url, block: parseBlockNumber(tail) }
}

/** A whole number of seconds, as `expected` words it in a refusal. */
function wholeSeconds(expected: string): (value: string) => number {
  return (value) => {
    const seconds = Number(value)
    if (!/^\d+$/.test(value) || !Number.isSafeInteger(seconds)) throw new InvalidArgumentError(expected)
    return seconds
  }
}

function parsePositiveInteger(value: string): number {
  const number = Number(value)
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(number) || number < 1) throw new InvalidArgumentError('a whole number of at least 1')
  return number
}

program
  .command('fixture')
  .description("replay an upstream's blocks after a fork block, checked, and pack them with what they read into one file (--fork-fixture plays it offline)")
  .requiredOption('--fork-url <url>', 'the upstream (JSON-RPC over HTTP)')
  .requiredOption('--fork-block <n>', 'the fork block', parseBlockNumber)
  .requiredOption('--replay-to <m>', 'the last block to replay and pack', parseBlockNumber)
  .requiredOption('--output <file>', "the fixture file (gzip'd when it ends in .gz)")
  .option('--cache-dir <dir>', 'the fork cache to read through (default $XDG_CACHE_HOME/chainsim)')
  .option('--offline', 'from the cache alone: the upstream is never asked')
  .action(async (options: FixtureOptions) => (await import('./commands/fixture.ts')).fixture(options))

function commaList(value: string): string[] {
  return value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item.length > 0)
}

function parseJobs(value: string): number {
  const jobs = Number(value)
  if (!Number.isInteger(jobs) || jobs < 1) throw new InvalidArgumentError('a whole number of at least 1')
  return jobs
}

function parseShardOption(value: string): Shard {
  try {
    return parseShard(value)
  } catch (error) {
    throw new InvalidArgumentError((error as Error).message)
  }
}

function parseReporter(value: string): ReporterName {
  if (!(REPORTER_NAMES as readonly string[]).includes(value)) throw new InvalidArgumentError(`one of ${REPORTER_NAMES.join(', ')}`)
  return value as ReporterName
}

program
  .command('play')
  .description('play scenario files (YAML or JSON) and check their expectations; exits 1 if any fails')
  .argument('<files...>', 'scenario files')
  .option('--serve', 'after a passing playback, keep its networks serving (one file)')
  .option('--jobs <n>', 'files played at once, each in a worker thread (default: the number of cores)', parseJobs)
  .option('--shard <i/n>', 'play only the I-th of N slices of the files, for a CI matrix (e.g. 2/4)', parseShardOption)
  .option('--reporter <name>', `the report: ${REPORTER_NAMES.join(', ')} (default text)`, parseReporter)
  .option('--json', 'print a machine-readable report on stdout (--reporter json)')
  .option('--output <file>', 'write the json, junit or tap report to this file; the text report goes to stdout')
  .option('--keep-going', 'after a failed step, play on with the steps that do not depend on it')
  .option('--host <host>', 'with --serve: address to bind (default 127.0.0.1)')
  .option('--port <port>', 'with --serve: port of the first network (default: its own, else 8545)', parsePort)
  .option('--report <file>', "write one self-contained HTML file with each scenario's fork tree and steps (for CI artifacts)")
  .action(async (files: string[], options: PlayFilesOptions) => (await import('./commands/play.ts')).play(files, options))

// A worker thread of `play --jobs` loads the module that plays files, never this one; the guard keeps a thread that
// does load it from taking a command.
// commander has printed its message (or the help, or the version) already: exiting needs nothing more loaded.
if (isMainThread) {
  program.parseAsync(process.argv).catch(async (error: unknown) => {
    if (error instanceof CommanderError) process.exit(error.exitCode === 0 ? 0 : USAGE_EXIT_CODE)
    ;(await import('./commands/failure.ts')).reportFailure(error)
  })
}
