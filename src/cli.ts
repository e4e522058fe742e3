import { join } from 'node:path'
import { isMainThread } from 'node:worker_threads'
import { Command, InvalidArgumentError } from 'commander'
import { formatBanner } from './banner.ts'
import { DEFAULT_CONFIG } from './config/defaults.ts'
import { ConfigError, loadConfigFile, parseConfig } from './config/loadConfig.ts'
import { apiKeyNames } from './config/schema.ts'
import { exportChain } from './exportChain.ts'
import { explorerAssets, releaseBundler } from './explorer/assets.ts'
import { ForkStartError } from './fork/errors.ts'
import { keepHeapNearLiveSize } from './heapGrowth.ts'
import { ChainImportError, loadImportedNetwork } from './importedNetwork.ts'
import { StateFileError } from './persistence/stateFile.ts'
import { startServer } from './server.ts'
import { enableCollectionAfterBursts } from './transports/burstCollector.ts'
import type { RunningServer } from './server.ts'
import { playFiles } from './scenarios/playFiles.ts'
import type { PlayFilesOptions } from './scenarios/playFiles.ts'
import { REPORTER_NAMES } from './scenarios/reporters/index.ts'
import type { ReporterName } from './scenarios/reporters/index.ts'
import { parseShard } from './scenarios/shard.ts'
import type { Shard } from './scenarios/shard.ts'
import { version } from './version.ts'

function parseBlockNumber(value: string): number {
  const number = /^0x[0-9a-f]+$/i.test(value) ? Number.parseInt(value.slice(2), 16) : /^\d+$/.test(value) ? Number(value) : Number.NaN
  if (!Number.isSafeInteger(number)) throw new InvalidArgumentError('a block number, decimal or 0x-hex')
  return number
}

function parsePort(value: string): number {
  const port = Number(value)
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new InvalidArgumentError('a port is 0 to 65535')
  return port
}

const program = new Command()
  .name('chainsim')
  .description('An in-memory simulated EVM chain: real transactions, scripted reorgs, pending logs, Infura-shaped JSON-RPC.')
  .version(version)

program
  .command('serve')
  .description('serve the configured networks (default: dev on 8545 with automine, dev-interval on 8546)')
  .option('--config <file>', 'config file (JSON or YAML)')
  .option('--host <host>', 'address to bind (default 127.0.0.1)')
  .option('--port <port>', 'port of the first network; the next ones get port + 1, port + 2...', parsePort)
  .option('--tls-cert <file>', 'PEM certificate: serve HTTPS and WSS')
  .option('--tls-key <file>', 'PEM private key for --tls-cert')
  .option('--log-requests', 'print each JSON-RPC call: network, transport, method, params, duration, answer size or error')
  .option('--genesis <file>', 'serve one network from this geth genesis JSON (its chain id; port --port or 8545)')
  .option('--import <file>', 'with --genesis: concatenated RLP blocks to import first (geth export, hive chain.rlp)')
  .option('--export-on-exit <dir>', 'on SIGINT/SIGTERM, write each network\'s chain to <dir>/<network>/ (genesis.json, chain.rlp)')
  .option('--state <file>', 'load the networks from this file when it exists; save them to it on exit and on sim_saveState')
  .option('--cors <origins>', 'origins browsers may call from, comma-separated, or * (the default: any)', commaList)
  .option('--no-cors', 'no browser page of another origin may call')
  .option('--allowed-hosts <hosts>', 'host names requests may address besides loopback names, --host and IP literals, comma-separated, or * for any', commaList)
  .option('--fork-url <url>', 'serve one network, `fork`, on the state of this chain (JSON-RPC over HTTP), read lazily and cached')
  .option('--fork-block <n>', 'with --fork-url: the block to fork at (default: the upstream\'s latest)', parseBlockNumber)
  .option('--offline', 'forked networks play from their cache alone; the upstream is never asked')
  .option('--archive', "keep every block's state, not only the newest blocks' (see history.stateBlocks)")
  .action(async (options: ServeOptions) => {
    if ((options.tlsCert === undefined) !== (options.tlsKey === undefined)) {
      throw new ConfigError('--tls-cert and --tls-key go together')
    }
    if (options.import !== undefined && options.genesis === undefined) {
      throw new ConfigError('--import needs --genesis: the genesis file of the chain being imported')
    }
    if (options.genesis !== undefined && options.config !== undefined) {
      throw new ConfigError('--genesis serves one network of its own: leave out --config')
    }
    if (options.forkUrl !== undefined && (options.config !== undefined || options.genesis !== undefined)) {
      throw new ConfigError('--fork-url serves one network of its own: leave out --config and --genesis (a config file forks with `fork:` per network)')
    }
    if (options.forkBlock !== undefined && options.forkUrl === undefined) throw new ConfigError('--fork-block goes with --fork-url')
    // An imported chain is imported completely before anything is served.
    const imported = options.genesis
      ? await loadImportedNetwork({ genesisFile: options.genesis, blocksFile: options.import, archive: options.archive })
      : undefined
    const config = imported
      ? imported.config
      : options.forkUrl !== undefined
        ? parseConfig({ networks: [{ name: 'fork', fork: { url: options.forkUrl, blockNumber: options.forkBlock } }] }, 'the command line')
        : options.config
          ? await loadConfigFile(options.config)
          : parseConfig(DEFAULT_CONFIG, 'the default config')
    if (options.offline && !config.networks.some((n) => n.fork)) {
      throw new ConfigError('--offline plays a forked network from its cache: give --fork-url, or `fork:` in the config')
    }
    const forked = config.networks.find((n) => n.fork)
    if (forked && options.exportOnExit !== undefined) {
      throw new ConfigError(`--export-on-exit cannot write network ${forked.name}: a forked chain's state before its first block is the upstream's`)
    }
    if (options.host) config.host = options.host
    if (options.tlsCert && options.tlsKey) config.tls = { cert: options.tlsCert, key: options.tlsKey }
    if (options.logRequests) config.logRequests = true
    if (options.archive) for (const network of config.networks) network.history = { stateBlocks: 'all' }
    const cors = options.cors === undefined ? undefined : options.cors === false ? false : options.cors.includes('*') ? '*' : options.cors
    const allowedHosts = options.allowedHosts?.includes('*') ? '*' : options.allowedHosts
    // Validated as the config file is: a bad origin is refused by name.
    const browserAccess = parseConfig({ networks: [{ name: 'check', chainId: 1 }], ...(cors === undefined ? {} : { cors }), ...(allowedHosts === undefined ? {} : { allowedHosts }) }, 'the command line')
    if (cors !== undefined) config.cors = browserAccess.cors
    if (allowedHosts !== undefined) config.allowedHosts = browserAccess.allowedHosts
    // A long-running server gives memory back after bursts of large requests (src/transports/burstCollector.ts),
    // and keeps its heap near what it holds (src/heapGrowth.ts).
    enableCollectionAfterBursts()
    keepHeapNearLiveSize()
    const server = await startServer(config, { port: options.port, createNode: imported?.createNode, statePath: options.state, offline: options.offline })
    prepareExplorer()
    let closing = false
    const shutdown = (signal: string) => {
      if (closing) return
      closing = true
      console.log(`\n${signal}: shutting down`)
      exportOnExit(server, options.exportOnExit)
        .then(() => server.close())
        .then(
          () => process.exit(0),
          (error) => {
            console.error(error)
            process.exit(1)
          },
        )
    }
    process.on('SIGINT', () => shutdown('SIGINT'))
    process.on('SIGTERM', () => shutdown('SIGTERM'))
    // Printed once the signals are handled: whoever starts chainsim may stop it as soon as it reads this.
    console.log(formatBanner(server, { apiKeys: apiKeyNames(config) }))
  })

interface ServeOptions {
  config?: string
  host?: string
  port?: number
  tlsCert?: string
  tlsKey?: string
  logRequests?: boolean
  genesis?: string
  import?: string
  exportOnExit?: string
  state?: string
  archive?: boolean
  /** The origins of --cors, or false for --no-cors. */
  cors?: string[] | false
  allowedHosts?: string[]
  forkUrl?: string
  forkBlock?: number
  offline?: boolean
}

/** Bundles the explorer page now, so that its first visitor does not wait for it; then lets esbuild go. */
function prepareExplorer(): void {
  explorerAssets()
    .then(releaseBundler)
    .catch((error: unknown) => console.error(`chainsim: the explorer page at /ui/ is unavailable: ${(error as Error).message}`))
}

function commaList(value: string): string[] {
  return value.split(',').map((item) => item.trim()).filter((item) => item.length > 0)
}

/** Writes every network's chain to `dir/<network>/` before the server stops. */
async function exportOnExit(server: RunningServer, dir: string | undefined): Promise<void> {
  if (dir === undefined) return
  for (const network of server.networks) {
    await network.node.close()
    const written = await exportChain(network.node, join(dir, network.name))
    console.log(`${network.name}: blocks 0..${written.head} written to ${written.genesisFile} and ${written.blocksFile}`)
  }
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
  .option('--report <file>', 'write one self-contained HTML file with each scenario\'s fork tree and steps (for CI artifacts)')
  .action(async (files: string[], options: PlayFilesOptions) => {
    if (options.serve) {
      enableCollectionAfterBursts()
      keepHeapNearLiveSize()
    }
    const { exitCode, server } = await playFiles(files, options)
    process.exitCode = exitCode
    if (!server) return
    prepareExplorer()
    const shutdown = (signal: string) => {
      console.error(`\n${signal}: shutting down`)
      server.close().then(() => process.exit(0), (error: unknown) => {
        console.error(error)
        process.exit(1)
      })
    }
    process.once('SIGINT', () => shutdown('SIGINT'))
    process.once('SIGTERM', () => shutdown('SIGTERM'))
  })

// A worker thread of `play --jobs` loads this module (it is the CLI bundle) to play files: it takes no command.
if (isMainThread) program.parseAsync(process.argv).catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof ChainImportError || error instanceof StateFileError || error instanceof ForkStartError) {
    console.error(`chainsim: ${error.message}`)
  } else if (error instanceof Error && 'code' in error && error.code === 'EADDRINUSE') console.error(`chainsim: ${error.message}`)
  else console.error('chainsim:', error)
  process.exit(1)
})
