import { readFileSync } from 'node:fs'
import { apiKeyNames, apiKeyOrigins } from './config/schema.ts'
import type { ChainsimConfig, NetworkConfig } from './config/schema.ts'
import { BackgroundTraffic } from './backgroundTraffic.ts'
import { miningOf } from './config/chainKeys.ts'
import { DEFAULT_NETWORKS } from './config/schema.ts'
import { ConfigError } from './config/errors.ts'
import { forkOptionsOf } from './config/forkOptions.ts'
import { createForkedNode, forkedNodeOf } from './fork/createForkedNode.ts'
import type { ForkOrigin } from './nodeOptions.ts'
import { ServerStateFile } from './persistence/serverState.ts'
import { loadStateFile } from './persistence/stateFlags.ts'
import type { StateFileOptions } from './persistence/serverState.ts'
import type { ScenarioRecorder } from './record/recorder.ts'
import { createNetworkRpc, nodeOptionsFor } from './network.ts'
import { ChainNode } from './node.ts'
import type { FaultInjector } from './rpc/faults/faultInjector.ts'
import type { ScenarioSteps } from './rpc/methodContext.ts'
import type { AbiDecoder, NamedAbi } from './decoding/abiDecoder.ts'
import { startNetworkServer } from './transports/networkServer.ts'
import { registerExplorerRoutes } from './explorer/routes.ts'
import { PortInUseError } from './transports/errors.ts'
import type { PortOrigin } from './transports/errors.ts'
import { createBrowserAccess } from './transports/browserAccess.ts'
import type { Dispatcher } from './rpc/dispatcher.ts'
import type { BrowserAccess } from './transports/browserAccess.ts'
import { createRateLimiter } from './transports/rateLimit.ts'
import type { NetworkServer } from './transports/networkServer.ts'
import { BUNDLED_ABIS } from './decoding/abiDecoder.ts'
import { watchProjectArtifacts } from './decoding/projectDecoder.ts'
import { warmUp } from './warmUp.ts'
import type { ProjectDecoder } from './decoding/projectDecoder.ts'

/** One served network. */
export interface RunningNetwork {
  name: string
  chainId: bigint
  node: ChainNode
  server: NetworkServer
  /** Where to send JSON-RPC: `<httpUrl>/v3/<API_KEY>`. */
  httpUrl: string
  wsUrl: string
  /** Faults armed here make the network's methods fail or wait, over HTTP and WebSocket. */
  faults: FaultInjector
  /** The network's JSON-RPC, as its HTTP and WebSocket servers answer it (for callers in this process). */
  dispatcher: Dispatcher
  /** What a forked network grew from: the upstream and the fork block. */
  fork?: ForkOrigin
  /** The state file the network was restored from (`--state FILE` of a network saved in it before). */
  restoredFrom?: string
  /** Decodes with the known ABIs and names the project's contracts (`artifacts`); the network's JSON-RPC uses the same. */
  decoder: AbiDecoder
  /** The ERC-20 token a network's background traffic transfers (`backgroundTraffic: true`). */
  trafficToken?: () => Uint8Array | undefined
}

export interface RunningServer {
  networks: RunningNetwork[]
  /** The project's artifacts as read (`artifacts`) and followed: how many contracts are known now; absent without them. */
  artifacts?: ProjectDecoder
  /** The `Host` and `Origin` rules every network serves by. */
  access: BrowserAccess
  /** Resolves once the warm-up (`warmUp`) has run, with how many calls it made: 0 when it is off. */
  warmedUp: Promise<number>
  close(): Promise<void>
}

export interface StartServerOptions {
  /**
   * Once every network is served, run the hot paths on a throwaway chain whenever the process is idle, so that
   * the first tests a suite runs meet compiled code (src/warmUp.ts); a number says how many rounds of its canned
   * test. `chainsim serve` turns it on. Default off.
   */
  warmUp?: boolean | number
  /** Overrides each network's port: the first network gets `port`, the next port + 1... */
  port?: number
  /** Builds a network's node; the default creates a fresh dev chain from the config. */
  createNode?: (network: NetworkConfig) => Promise<ChainNode>
  /**
   * A state file (`--state FILE`): networks saved in it are restored at start (and win over `createNode`); every
   * change is journaled to it before it is answered, and it is rewritten whole in the background, on close and on
   * sim_saveState.
   */
  statePath?: string
  /** How the state file is kept: seconds between whole rewrites, a restore that executes every block again. */
  state?: StateFileOptions
  /** `--load-state FILE`: a dump (Anvil's state JSON or chainsim's) loaded into the first network before it serves. */
  loadState?: string
  /** A network's fault injector (a played scenario's); default a new one per network. */
  faults?: (network: NetworkConfig) => FaultInjector | undefined
  /** ABIs to decode logs and calls with besides the bundled contracts' (a played scenario's `abis`). */
  abis?: readonly NamedAbi[]
  /** The scenario that played these networks, for sim_scenario. */
  scenario?: ScenarioSteps
  /** `--offline`: forked networks play from their cache alone. */
  offline?: boolean
  /** `--record FILE`: every state-changing call is written to a scenario file (its dev networks share a genesis time). */
  record?: ScenarioRecorder
}

/** Starts every configured network, each on its own port, with one node and one dispatcher each. */
export async function startServer(config: ChainsimConfig, options: StartServerOptions = {}): Promise<RunningServer> {
  const networks: RunningNetwork[] = []
  const traffic: BackgroundTraffic[] = []
  // One bucket per API key across all networks, as a hosted provider counts a key's requests.
  const rateLimiter = config.rateLimit ? createRateLimiter(config.rateLimit) : undefined
  const access = createBrowserAccess({ host: config.host, cors: config.cors, keyOrigins: apiKeyOrigins(config), allowedHosts: config.allowedHosts })
  const { limits } = config
  const tls = config.tls ? { cert: readFileSync(config.tls.cert, 'utf8'), key: readFileSync(config.tls.key, 'utf8') } : undefined
  const forkedNetwork = config.networks.find((n) => n.fork)
  if (options.statePath !== undefined && forkedNetwork) {
    // A state file replays every block from genesis; a fork's state before its first block is the upstream's.
    throw new ConfigError(`--state cannot save network ${forkedNetwork.name}: a forked network restarts from its fork cache instead`)
  }
  // One reading of the artifacts for every network: they are one project's.
  const project =
    config.artifacts === undefined
      ? undefined
      : watchProjectArtifacts(config.artifacts, [...BUNDLED_ABIS, ...(options.abis ?? [])], (error) => console.error(`artifacts: ${error.message}`))
  const stateFile = options.statePath === undefined ? undefined : await ServerStateFile.open(options.statePath, config.networks, options.state)
  const saveState = stateFile ? () => stateFile.save() : undefined
  let started = false
  let closing = false
  let warming: Promise<number> | undefined
  const close = async () => {
    closing = true
    await warming
    project?.close()
    for (const t of traffic) t.stop()
    options.record?.close()
    await Promise.all(
      networks.map(async (n) => {
        await n.server.close()
        await (forkedNodeOf(n.node) ?? n.node).close()
      }),
    )
    // Only a server that started completely writes the file: a failed start never touches it.
    if (started) await stateFile?.close()
  }
  try {
    for (const [index, network] of config.networks.entries()) {
      const nodeOptions = { ...nodeOptionsFor(network), ...(options.record ? { genesisTimestamp: options.record.genesisTimestamp } : {}) }
      const restored = await stateFile?.restore(network, nodeOptions)
      const node =
        restored ??
        (options.createNode
          ? await options.createNode(network)
          : network.fork
            ? (await createForkedNode(forkOptionsOf(network.fork, { offline: options.offline }), nodeOptions)).node
            : await ChainNode.create(nodeOptions))
      if (index === 0 && options.loadState !== undefined)
        await loadStateFile(node, options.loadState).catch(async (error: unknown) => {
          await (forkedNodeOf(node) ?? node).close()
          throw error
        })
      const rpc = createNetworkRpc(node, {
        limits: network.limits,
        faults: options.faults?.(network),
        armFaults: network.faults,
        abis: options.abis,
        decoder: project?.decoder,
        scenario: options.scenario,
        saveState,
        logger: { error: (obj, msg) => console.error(`[${network.name}] ${msg ?? 'error'}`, obj) },
        logRequests: config.logRequests,
        clientVersion: config.clientVersion,
        printRequest: (line) => console.log(line),
        maxBatchSize: limits.maxBatchSize,
        maxDepth: limits.maxJsonDepth,
        recordCalls: options.record?.attach(network, node),
      })
      const { faults, dispatcher } = rpc
      const port = options.port !== undefined ? options.port + (options.port === 0 ? 0 : index) : (network.port ?? 8545 + index)
      const portOrigin: PortOrigin =
        options.port !== undefined
          ? { kind: 'option', first: options.port, index, networks: config.networks.map((n) => n.name) }
          : network.port !== undefined && !isEmbeddedDefault(network)
            ? { kind: 'config' }
            : { kind: 'default', index }
      const server = await startNetworkServer({
        host: config.host,
        port,
        dispatcher,
        apiKeys: apiKeyNames(config),
        tls,
        bodyLimit: limits.maxHttpBodyBytes,
        wsMaxPayload: limits.maxWsMessageBytes,
        wsMaxBuffered: limits.maxWsBufferedBytes,
        httpKeepAliveTimeoutMs: limits.httpKeepAliveTimeoutMs,
        httpRequestTimeoutMs: limits.httpRequestTimeoutMs,
        wsIdleTimeoutMs: limits.wsIdleTimeoutMs,
        wsPingIntervalMs: limits.wsPingIntervalMs,
        rateLimiter,
        access,
        connectionFaults: faults,
        registerRoutes: registerExplorerRoutes,
      }).catch(async (error: unknown) => {
        await (forkedNodeOf(node) ?? node).close()
        if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') throw new PortInUseError(network.name, config.host, port, portOrigin, { cause: error })
        throw error
      })
      networks.push({
        name: network.name,
        chainId: node.chainId,
        node,
        server,
        httpUrl: server.httpUrl,
        wsUrl: server.wsUrl,
        faults,
        dispatcher,
        decoder: rpc.decoder,
        fork: forkedNodeOf(node)?.origin,
        ...(restored && options.statePath !== undefined ? { restoredFrom: options.statePath } : {}),
      })
      // A replay mines once its network is served, at its pace.
      node.replay?.start()
      const intervalMs = miningOf(network, network.mining).intervalMs
      if (network.backgroundTraffic && intervalMs !== undefined) {
        const t = new BackgroundTraffic(node, intervalMs, (e) => console.error(`[${network.name}] background traffic:`, e))
        await t.start()
        traffic.push(t)
        const served = networks.at(-1)
        if (served) served.trafficToken = () => t.tokenAddress
      }
    }
    await stateFile?.start(networks)
  } catch (error) {
    await close()
    throw error
  }
  started = true
  if (options.warmUp !== undefined && options.warmUp !== false) {
    const rounds = options.warmUp === true ? undefined : options.warmUp
    warming = warmUp({ hardfork: nodeOptionsFor(config.networks[0]!).hardfork, rounds, onlyWhenIdle: true, stopped: () => closing })
  }
  return { networks, access, close, warmedUp: warming ?? Promise.resolve(0), ...(project ? { artifacts: project } : {}) }
}

/** A network of the embedded default served as it is (no config file wrote its port). */
function isEmbeddedDefault(network: NetworkConfig): boolean {
  return DEFAULT_NETWORKS.some((embedded) => embedded.name === network.name && embedded.port === network.port)
}
