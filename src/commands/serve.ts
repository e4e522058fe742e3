import { join } from 'node:path'
import { formatBanner } from '../banner.ts'
import { DEFAULT_CONFIG } from '../config/defaults.ts'
import { ConfigError, loadConfigFile, parseConfig } from '../config/loadConfig.ts'
import { apiKeyNames, reorgsConfig } from '../config/schema.ts'
import { loadYaml } from '../config/yaml.ts'
import type { ChainsimConfig } from '../config/schema.ts'
import { exportChain } from '../exportChain.ts'
import { keepHeapNearLiveSize } from '../heapGrowth.ts'
import { loadImportedNetwork } from '../importedNetwork.ts'
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
  genesis?: string
  import?: string
  exportOnExit?: string
  state?: string
  stateInterval?: number
  stateVerify?: boolean
  archive?: boolean
  /** The origins of --cors, or false for --no-cors. */
  cors?: string[] | false
  allowedHosts?: string[]
  forkUrl?: string
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
}

/** `chainsim serve`: every configured network on its port, until a signal stops it. */
export async function serve(options: ServeOptions): Promise<void> {
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
      ? parseConfig({ networks: [{ name: 'fork', fork: { url: options.forkUrl, blockNumber: options.forkBlock, ...replay } }] }, 'the command line')
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
  if (options.host) config.host = options.host
  if (options.tlsCert && options.tlsKey) config.tls = { cert: options.tlsCert, key: options.tlsKey }
  if (options.logRequests) config.logRequests = true
  if (options.archive) for (const network of config.networks) network.history = { stateBlocks: 'all' }
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
    offline: options.offline,
    record: recorder,
  })
  prepareExplorer()
  onStopRequest((reason) => {
    console.log(`\n${reason}: shutting down`)
    exportOnExit(server, options.exportOnExit)
      .then(() => server.close())
      .then(
        () => process.exit(0),
        (error: unknown) => reportFailure(error),
      )
  })
  // Printed once the signals are handled: whoever starts chainsim may stop it as soon as it reads this.
  console.log(formatBanner(server, { apiKeys: apiKeyNames(config) }))
  if (options.record !== undefined) {
    console.log(`\nRecording every state-changing call to ${options.record} (chainsim play ${options.record} plays it again)`)
    for (const network of config.networks.filter((n) => n.backgroundTraffic)) {
      console.log(`Not recording network ${network.name}: its background traffic sends transactions no call sent (a config without it records every network)`)
    }
  }
}

/** `--record FILE`: what a recording can play again is a chain chainsim made from a config, without a timer sending. */
async function recorderFor(options: ServeOptions, networks: ChainsimConfig['networks']): Promise<ScenarioRecorder> {
  if (options.state !== undefined || options.genesis !== undefined) {
    throw new ConfigError(
      `--record plays networks chainsim makes from a config: ${options.state !== undefined ? '--state restores' : '--genesis imports'} a chain a scenario cannot start from`,
    )
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

/** Writes every network's chain to `dir/<network>/` before the server stops. */
async function exportOnExit(server: RunningServer, dir: string | undefined): Promise<void> {
  if (dir === undefined) return
  for (const network of server.networks) {
    await network.node.close()
    const written = await exportChain(network.node, join(dir, network.name))
    console.log(`${network.name}: blocks 0..${written.head} written to ${written.genesisFile} and ${written.blocksFile}`)
  }
}
