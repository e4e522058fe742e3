import { join } from 'node:path'
import { formatBanner } from '../banner.ts'
import { DEFAULT_CONFIG } from '../config/defaults.ts'
import { printConsole } from '../consolePrinter.ts'
import { loadConfigFile, parseConfig } from '../config/loadConfig.ts'
import { ConfigError } from '../config/errors.ts'
import { chainKeys, chainOptionsOf, overrideChainKeys } from '../config/chainKeys.ts'
import type { ChainKeys } from '../config/chainKeys.ts'
import { hardforkName } from '../config/hardfork.ts'
import { apiKeyNames, reorgsConfig } from '../config/schema.ts'
import { loadYaml } from '../util/yaml.ts'
import type { ChainsimConfig } from '../config/schema.ts'
import { exportChain } from '../exportChain.ts'
import { keepHeapNearLiveSize } from '../heapGrowth.ts'
import { loadImportedNetwork } from '../importedNetwork.ts'
import { dumpStateFile } from '../persistence/stateFlags.ts'
import { checkStatePath } from '../persistence/statePath.ts'
import type { ScenarioRecorder } from '../record/recorder.ts'
import { startServer } from '../server.ts'
import type { RunningServer } from '../server.ts'
import { enableCollectionAfterBursts } from '../transports/burstCollector.ts'
import { isBuiltInProfile } from '../reorg/profiles/index.ts'
import { prepareExplorer } from './explorer.ts'
import { reportFailure } from './failure.ts'
import { onStopRequest } from './stopSignals.ts'

/** The options of `chainsim serve`, as the command line gives them. */
export interface ServeOptions {
  config?: string
  host?: string
  port?: number
  tlsCert?: string
  tlsKey?: string
  logRequests?: boolean
  artifacts?: string
  /** --silent: print nothing of mined transactions and their console.log. */
  silent?: boolean
  /** false with --no-warm-up: no warm-up on a throwaway chain after start. */
  warmUp?: boolean
  genesis?: string
  import?: string
  exportOnExit?: string
  state?: string
  stateInterval?: number
  stateVerify?: boolean
  loadState?: string
  dumpState?: string
  archive?: boolean
  /** The origins of --cors, or false for --no-cors. */
  cors?: string[] | false
  allowedHosts?: string[]
  /** --fork-url URL[@BLOCK]: the upstream, and the block Anvil's form names after the URL. */
  forkUrl?: { url: string; block?: number }
  forkBlock?: number
  /** --fork-deadline-ms: one upstream read of every forked network, retries included, fails past this. */
  forkDeadlineMs?: number
  offline?: boolean
  replayTo?: number
  replaySpeed?: 'fast' | 'realtime' | number
  replayPaused?: boolean
  forkFixture?: string
  reorgProfile?: string
  reorgSeed?: number
  record?: string
  // Anvil's flags (docs/reference/cli.md, "From Anvil"); those that make the chain are its config keys.
  chainId?: number
  accounts?: number
  /** ETH, as decimal digits. */
  balance?: string
  mnemonic?: string
  derivationPath?: string
  blockTime?: number
  /** false for --no-mining. */
  mining?: boolean
  gasLimit?: string
  disableBlockGasLimit?: boolean
  baseFee?: string
  blockBaseFeePerGas?: string
  gasPrice?: string
  codeSizeLimit?: number
  disableCodeSizeLimit?: boolean
  timestamp?: number
  order?: 'fees' | 'fifo'
  forkBlockNumber?: number
  init?: string
  /** true without a number: the default state window. */
  pruneHistory?: true | number
  stepsTracing?: boolean
  // Anvil's second spellings: --rpc-url (-f) of --fork-url, --no-mine of --no-mining, --tracing of --steps-tracing.
  rpcUrl?: { url: string; block?: number }
  /** false for --no-mine. */
  mine?: boolean
  tracing?: boolean
  autoImpersonate?: boolean
  hardfork?: string
}

/** `chainsim serve`: every configured network on its port, until a signal stops it. */
export async function serve(given: ServeOptions): Promise<void> {
  const options = withAnvilAliases(given)
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
  if ((options.stateInterval !== undefined || options.stateVerify) && options.state === undefined) {
    throw new ConfigError(`${options.stateInterval !== undefined ? '--state-interval' : '--state-verify'} goes with --state`)
  }
  if (options.state !== undefined && (options.loadState !== undefined || options.dumpState !== undefined)) {
    throw new ConfigError(
      `${options.loadState !== undefined ? '--load-state' : '--dump-state'} goes without --state, which loads its file at start and keeps it`,
    )
  }
  if (options.forkFixture !== undefined && (options.forkUrl !== undefined || options.config !== undefined || options.genesis !== undefined)) {
    throw new ConfigError('--fork-fixture serves one network of its own from the file: leave out --fork-url, --config and --genesis')
  }
  const replaying = options.replayTo !== undefined || options.replaySpeed !== undefined || options.replayPaused !== undefined
  if (replaying && options.forkUrl === undefined && options.forkFixture === undefined) {
    throw new ConfigError(
      '--replay-to, --replay-speed and --replay-paused replay a fork: give --fork-url and --fork-block (or --fork-fixture); a config file replays with fork.replayTo',
    )
  }
  if (options.forkUrl !== undefined && replaying && options.replayTo === undefined)
    throw new ConfigError('--replay-speed and --replay-paused go with --replay-to')
  const replay = {
    ...(options.replayTo === undefined ? {} : { replayTo: options.replayTo }),
    ...(options.replaySpeed === undefined ? {} : { replaySpeed: options.replaySpeed }),
    ...(options.replayPaused ? { replayPaused: true } : {}),
  }
  // An imported chain is imported completely before anything is served.
  const imported = options.genesis
    ? await loadImportedNetwork({ genesisFile: options.genesis, blocksFile: options.import, archive: options.archive })
    : undefined
  const config = imported
    ? imported.config
    : options.forkUrl !== undefined
      ? parseConfig({ networks: [{ name: 'fork', fork: { url: options.forkUrl.url, blockNumber: options.forkBlock, ...replay } }] }, 'the command line')
      : options.forkFixture !== undefined
        ? parseConfig({ networks: [{ name: 'fork', fork: { fixture: options.forkFixture, ...replay } }] }, 'the command line')
        : options.config
          ? await loadConfigFile(options.config)
          : parseConfig(DEFAULT_CONFIG, 'the default config')
  if (options.offline && !config.networks.some((n) => n.fork)) {
    throw new ConfigError('--offline plays a forked network from its cache: give --fork-url, or `fork:` in the config')
  }
  if (options.forkDeadlineMs !== undefined) {
    const forks = config.networks.flatMap((n) => (n.fork ? [n.fork] : []))
    if (forks.length === 0) throw new ConfigError('--fork-deadline-ms bounds the upstream reads of a forked network: give --fork-url, or `fork:` in the config')
    for (const fork of forks) fork.deadlineMs = options.forkDeadlineMs
  }
  const forked = config.networks.find((n) => n.fork)
  if (forked && options.exportOnExit !== undefined) {
    throw new ConfigError(`--export-on-exit cannot write network ${forked.name}: a forked chain's state before its first block is the upstream's`)
  }
  const chainFlags = chainFlagsOf(options)
  if (Object.keys(chainFlags).length > 0) {
    if (imported)
      throw new ConfigError(`${flagsOf(chainFlags).join(', ')}: --genesis's file makes the chain (its chain id, accounts and rules): leave them out`)
    const first = config.networks[0] as ChainsimConfig['networks'][number]
    config.networks[0] = overrideChainKeys(first, chainFlags)
  }
  if (options.pruneHistory !== undefined) {
    if (options.archive) throw new ConfigError('--prune-history and --archive contradict each other: give one')
    const stateBlocks = options.pruneHistory
    for (const network of config.networks) network.history = stateBlocks === true ? undefined : { stateBlocks }
  }
  const first = config.networks[0]
  if (first?.fork && (options.loadState !== undefined || options.dumpState !== undefined)) {
    throw new ConfigError(
      `${options.loadState !== undefined ? '--load-state' : '--dump-state'} cannot be used on network ${first.name}: a forked chain's state is the upstream's`,
    )
  }
  if (options.dumpState !== undefined) await checkStatePath(options.dumpState, '--dump-state')
  if (options.host) config.host = options.host
  if (options.tlsCert && options.tlsKey) config.tls = { cert: options.tlsCert, key: options.tlsKey }
  if (options.logRequests) config.logRequests = true
  if (options.artifacts !== undefined) config.artifacts = options.artifacts
  if (options.archive) for (const network of config.networks) network.history = { stateBlocks: 'all' }
  if (options.autoImpersonate) for (const network of config.networks) network.autoImpersonate = true
  if (options.hardfork !== undefined) {
    if (imported) throw new ConfigError('--genesis runs the rules its config schedules: leave out --hardfork')
    const hardfork = hardforkName.safeParse(options.hardfork)
    if (!hardfork.success) throw new ConfigError(`--hardfork: ${hardfork.error.issues.map((issue) => issue.message).join('; ')}`)
    for (const network of config.networks) network.hardfork = hardfork.data
  }
  if (options.reorgSeed !== undefined && options.reorgProfile === undefined) throw new ConfigError('--reorg-seed goes with --reorg-profile')
  if (options.reorgProfile !== undefined) {
    // A profile file may be YAML; a built-in name needs no parser.
    if (!isBuiltInProfile(options.reorgProfile)) await loadYaml()
    const reorgs = reorgsConfig.safeParse({ profile: options.reorgProfile, ...(options.reorgSeed === undefined ? {} : { seed: options.reorgSeed }) })
    if (!reorgs.success) throw new ConfigError(`--reorg-profile: ${reorgs.error.issues.map((issue) => issue.message).join('; ')}`)
    for (const network of config.networks) network.reorgs = reorgs.data
  }
  const cors = options.cors === undefined ? undefined : options.cors === false ? false : options.cors.includes('*') ? '*' : options.cors
  const allowedHosts = options.allowedHosts?.includes('*') ? '*' : options.allowedHosts
  // Validated as the config file is: a bad origin is refused by name.
  const browserAccess = parseConfig(
    { networks: [{ name: 'check', chainId: 1 }], ...(cors === undefined ? {} : { cors }), ...(allowedHosts === undefined ? {} : { allowedHosts }) },
    'the command line',
  )
  if (cors !== undefined) config.cors = browserAccess.cors
  if (allowedHosts !== undefined) config.allowedHosts = browserAccess.allowedHosts
  const recorder = options.record === undefined ? undefined : await recorderFor(options, config.networks)
  // A long-running server gives memory back after bursts of large requests (src/transports/burstCollector.ts),
  // and keeps its heap near what it holds (src/heapGrowth.ts).
  enableCollectionAfterBursts()
  keepHeapNearLiveSize()
  const server = await startServer(config, {
    port: options.port,
    createNode: imported?.createNode,
    statePath: options.state,
    state: { intervalSeconds: options.stateInterval, verify: options.stateVerify },
    loadState: options.loadState,
    offline: options.offline,
    record: recorder,
    warmUp: options.warmUp !== false && config.warmUp,
  })
  prepareExplorer()
  printTransactions(server, options.silent === true || config.silent)
  onStopRequest((reason) => {
    console.log(`\n${reason}: shutting down`)
    dumpOnExit(server, options.dumpState)
      .then(() => exportOnExit(server, options.exportOnExit))
      .then(() => server.close())
      .then(
        () => process.exit(0),
        (error: unknown) => reportFailure(error),
      )
  })
  // Printed once the signals are handled: whoever starts chainsim may stop it as soon as it reads this.
  console.log(formatBanner(server, { apiKeys: apiKeyNames(config), wallet: chainOptionsOf(config.networks[0] as ChainsimConfig['networks'][number]) }))
  if (options.record !== undefined) {
    console.log(`\nRecording every state-changing call to ${options.record} (chainsim play ${options.record} plays it again)`)
    for (const network of config.networks.filter((n) => n.backgroundTraffic)) {
      console.log(`Not recording network ${network.name}: its background traffic sends transactions no call sent (a config without it records every network)`)
    }
  }
}

/**
 * Anvil's second names folded into chainsim's: --init is --genesis, --fork-block-number and URL@BLOCK are --fork-block,
 * --block-base-fee-per-gas is --base-fee. Each thing named twice is refused rather than one name silently winning.
 */
function withAnvilAliases(given: ServeOptions): ServeOptions {
  const options = { ...given, forkUrl: given.forkUrl ?? given.rpcUrl, mining: given.mining === false || given.mine === false ? false : given.mining }
  const twice = (what: string, names: Array<[string, unknown]>) => {
    const given = names.filter(([, value]) => value !== undefined).map(([name]) => name)
    if (given.length > 1) throw new ConfigError(`${given.join(' and ')} both give ${what}: give one`)
  }
  twice('the upstream', [
    ['--fork-url', given.forkUrl],
    ['--rpc-url', given.rpcUrl],
  ])
  twice('the genesis file', [
    ['--genesis', options.genesis],
    ['--init', options.init],
  ])
  twice('the fork block', [
    ['--fork-block', options.forkBlock],
    ['--fork-block-number', options.forkBlockNumber],
    ['--fork-url URL@BLOCK', options.forkUrl?.block],
  ])
  twice('the base fee', [
    ['--base-fee', options.baseFee],
    ['--block-base-fee-per-gas', options.blockBaseFeePerGas],
  ])
  if (options.mining === false && options.blockTime !== undefined) {
    throw new ConfigError('--no-mining and --block-time contradict each other: give one (Anvil refuses them together too)')
  }
  return {
    ...options,
    genesis: options.genesis ?? options.init,
    forkBlock: options.forkBlock ?? options.forkBlockNumber ?? options.forkUrl?.block,
    baseFee: options.baseFee ?? options.blockBaseFeePerGas,
  }
}

/** The flags of Anvil's that make the chain, as the config keys of a network they are (src/config/chainKeys.ts). */
const CHAIN_FLAGS = {
  chainId: '--chain-id',
  accounts: '--accounts',
  balance: '--balance',
  mnemonic: '--mnemonic',
  derivationPath: '--derivation-path',
  blockTime: '--block-time',
  noMining: '--no-mining',
  gasLimit: '--gas-limit',
  disableBlockGasLimit: '--disable-block-gas-limit',
  baseFee: '--base-fee',
  gasPrice: '--gas-price',
  codeSizeLimit: '--code-size-limit',
  disableCodeSizeLimit: '--disable-code-size-limit',
  timestamp: '--timestamp',
  order: '--order',
} as const satisfies Record<string, string>

type ChainFlags = ChainKeys & { chainId?: number }

/** The chain flags given, checked as the config checks its keys, so a bad value is named by its flag. */
function chainFlagsOf(options: ServeOptions): ChainFlags {
  const given = {
    chainId: options.chainId,
    accounts: options.accounts,
    balance: options.balance,
    mnemonic: options.mnemonic,
    derivationPath: options.derivationPath,
    blockTime: options.blockTime,
    noMining: options.mining === false ? true : undefined,
    gasLimit: options.gasLimit,
    disableBlockGasLimit: options.disableBlockGasLimit,
    baseFee: options.baseFee,
    gasPrice: options.gasPrice,
    codeSizeLimit: options.codeSizeLimit,
    disableCodeSizeLimit: options.disableCodeSizeLimit,
    timestamp: options.timestamp,
    order: options.order,
  }
  const flags = Object.fromEntries(Object.entries(given).filter(([, value]) => value !== undefined))
  const checked = chainKeys.safeParse(flags)
  if (!checked.success) {
    const issue = checked.error.issues[0]
    const flag = CHAIN_FLAGS[issue?.path[0] as keyof typeof CHAIN_FLAGS]
    throw new ConfigError(`${flag}: ${issue?.message}`)
  }
  return { ...checked.data, ...(options.chainId === undefined ? {} : { chainId: options.chainId }) }
}

function flagsOf(flags: ChainFlags): string[] {
  return Object.keys(flags).map((key) => CHAIN_FLAGS[key as keyof typeof CHAIN_FLAGS])
}

/**
 * Prints each mined transaction and what it and each call printed with console.log, as Anvil does, unless
 * silent; the output is captured either way, for the explorer (a comparison per call frame: capturing costs
 * nothing measurable, docs/guides/dev-chain.md). Several networks' lines are told apart by `[name]`.
 */
function printTransactions(server: RunningServer, silent: boolean): void {
  const named = server.networks.length > 1
  for (const network of server.networks) {
    if (silent) network.node.console.subscribe(() => {})
    else
      printConsole(
        network.node.console,
        (line) => console.log(line),
        named ? network.name : undefined,
        server.artifacts ? { node: network.node, decoder: network.decoder } : undefined,
      )
  }
}

/** `--record FILE`: what a recording can play again is a chain chainsim made from a config, without a timer sending. */
async function recorderFor(options: ServeOptions, networks: ChainsimConfig['networks']): Promise<ScenarioRecorder> {
  if (options.state !== undefined || options.genesis !== undefined || options.loadState !== undefined) {
    const start = options.state !== undefined ? '--state restores' : options.genesis !== undefined ? '--genesis imports' : '--load-state loads'
    throw new ConfigError(`--record plays networks chainsim makes from a config: ${start} a chain a scenario cannot start from`)
  }
  for (const network of networks) {
    if (network.fork?.replayTo !== undefined || network.fork?.fixture !== undefined) {
      throw new ConfigError(`--record cannot record network ${network.name}: its replay mines blocks no call asked for (record a fork without replayTo)`)
    }
    // A config the user wrote asked for that network; the embedded default's traffic network was not asked for.
    if (network.backgroundTraffic && options.config !== undefined)
      throw new ConfigError(`--record cannot record network ${network.name}: its background traffic sends transactions no call sent`)
  }
  const recorded = networks.filter((network) => !network.backgroundTraffic)
  // Loaded only to record: it writes YAML.
  const { ScenarioRecorder } = await import('../record/recorder.ts')
  return new ScenarioRecorder(options.record as string, recorded)
}

/** `--dump-state FILE`: the first network's accounts in Anvil's state JSON, before the server stops. */
async function dumpOnExit(server: RunningServer, path: string | undefined): Promise<void> {
  const network = server.networks[0]
  if (path === undefined || !network) return
  await dumpStateFile(network.node, path)
  console.log(`${network.name}: state written to ${path} (Anvil's state JSON)`)
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
