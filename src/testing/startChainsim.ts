import { printConsole } from '../consolePrinter.ts'
import { chainKeys } from '../config/chainKeys.ts'
import type { ChainKeysInput } from '../config/chainKeys.ts'
import { parseConfig } from '../config/loadConfig.ts'
import { apiKeyNames } from '../config/schema.ts'
import type { ChainsimConfigInput } from '../config/schema.ts'
import { bytesToHex } from '../evm/index.ts'
import { nodeOptionsFor } from '../network.ts'
import { ChainNode } from '../node.ts'
import type { NodeOptions } from '../nodeOptions.ts'
import type { FaultInjector } from '../rpc/faults/faultInjector.ts'
import { formatReport } from '../scenarios/formatReport.ts'
import { playScenario } from '../scenarios/playScenario.ts'
import { startServer } from '../server.ts'
import type { RunningServer } from '../server.ts'
import { takeCheckpoint } from './checkpoint.ts'
import { inProcessRequest, inProcessTransport } from './inProcessTransport.ts'
import type { InProcessRequest } from './inProcessTransport.ts'
import type { CustomTransport } from 'viem'
import { StartChainsimError } from './errors.ts'
import type { Restore } from './checkpoint.ts'

type NetworkInput = NonNullable<ChainsimConfigInput['networks']>[number]

/**
 * The chain as Anvil's flags and Hardhat's network keys shape it (docs/reference/config.md, the keys of a network
 * with those names): `chainId`, `accounts`, `balance` (ETH), `mnemonic`, `derivationPath`, `blockTime` (seconds),
 * `noMining`, `gasLimit`, `disableBlockGasLimit`, `baseFee`, `gasPrice`, `codeSizeLimit`, `disableCodeSizeLimit`,
 * `timestamp` (seconds), `order`, and Hardhat's `blockGasLimit`, `initialBaseFeePerGas`, `allowUnlimitedContractSize`,
 * `initialDate`. Given to {@link startChainsim}, they shape every network it starts; a network's own keys win.
 * @example
 * const chainsim = await startChainsim({ accounts: 3, balance: 100, disableCodeSizeLimit: true })
 */
export type ChainOptions = Pick<NetworkInput, 'chainId' | keyof ChainKeysInput>

/** Options of {@link startChainsim}: the chain's shape ({@link ChainOptions}) and the rest. */
export interface StartChainsimOptions extends ChainOptions {
  /**
   * The networks, as the config file writes them; `name` defaults to `dev` (then `net1`, `net2`...), `chainId`
   * to 31337 (a fork's to its upstream's). Default: one `dev` network with automine.
   */
  networks?: Array<Partial<NetworkInput>>
  /**
   * The rules every network runs that names none of its own, as `--hardfork` takes them (`prague`, `osaka`,
   * `latest`: the default); a fork's default is its upstream's rules.
   */
  hardfork?: string
  /** The rest of the config file (apiKeys, cors, limits, rateLimit...). */
  config?: Omit<ChainsimConfigInput, 'networks'>
  /** The API key the URLs carry (default: the first configured key, else `test`). */
  apiKey?: string
  /** Node options every network is created with besides its config (a `filterClock` a test moves...). */
  nodeOptions?: Partial<NodeOptions>
  /** Play this scenario (a file or a scenario value) and serve its networks; throws with the report if a step fails. */
  scenario?: string | object
  /**
   * Print what `chainsim serve` prints of each mined transaction and of console.log (in transactions, eth_call and
   * eth_estimateGas): `true` to stdout, or a line at a time to this function. Default: nothing printed, nothing captured.
   */
  printTransactions?: boolean | ((line: string) => void)
  /** Every network sends as any address without its key (Anvil's `--auto-impersonate`; a network's `autoImpersonate`). */
  autoImpersonate?: boolean
  /** What web3_clientVersion answers (the config's `clientVersion`; default `anvil/v1.7.1/chainsim/v<version>/node<version>`). */
  clientVersion?: string
  /** A Foundry out/ or Hardhat artifacts/ folder (the config's `artifacts`): names and decodes the project's contracts, read again when it changes. */
  artifacts?: string
}

/** One served network of a {@link Chainsim}. */
export interface ChainsimNetwork {
  name: string
  chainId: number
  /** JSON-RPC over HTTP: `http://127.0.0.1:<port>/v3/<apiKey>`. */
  url: string
  /** JSON-RPC over WebSocket: `ws://127.0.0.1:<port>/ws/v3/<apiKey>`. */
  wsUrl: string
  /** The network in-process: blocks, pool, filters, `settled()`. */
  node: ChainNode
  /** Faults armed here meet the network's clients (docs/guides/provider-profiles-and-faults.md). */
  faults: FaultInjector
  /**
   * The network's JSON-RPC in this process, as an EIP-1193 `request`: what its URLs answer, with no socket
   * between (calls are recorded as from the client `in-process`).
   */
  request: InProcessRequest
  /** A viem transport over `request`: `createTestClient({ mode: 'anvil', transport: chainsim.transport })`. */
  transport: CustomTransport
}

/** What a test process can pass to its workers (vitest's `provide`): plain JSON. */
export interface ChainsimInfo {
  url: string
  wsUrl: string
  chainId: number
  networks: Record<string, { url: string; wsUrl: string; chainId: number }>
  /** The dev accounts (the Anvil/Hardhat mnemonic's unless configured otherwise). */
  accounts: Array<{ address: `0x${string}`; privateKey: `0x${string}` }>
}

/** A running chainsim for a test: its first network's addresses at the top level, every network by name. */
export interface Chainsim extends ChainsimNetwork {
  networks: Record<string, ChainsimNetwork>
  accounts: ChainsimInfo['accounts']
  server: RunningServer
  /** Plain-JSON addresses, chain ids and accounts, for another process or worker. */
  info: ChainsimInfo
  /**
   * Resolves once every network has applied every write sent so far and written every notification they
   * caused to the subscription sockets (`node.settled()` on each; RPC `sim_settle`).
   */
  settle(): Promise<void>
  /**
   * Snapshots every network (evm_snapshot, plus the mining mode and the faults armed now); the returned function
   * reverts to it (filters and subscriptions are told of the removed blocks, as after a reorg).
   */
  checkpoint(): Promise<Restore>
  close(): Promise<void>
}

const DEFAULT_API_KEY = 'test'

/**
 * Starts chainsim for a test process: every network on a free port (port 0), so any number of test workers
 * (vitest threads or forks, jest, node:test) can each start their own. Creating a network costs about a
 * millisecond after the process's first.
 * @example
 * const chainsim = await startChainsim({ networks: [{ mining: { auto: false } }] })
 * const client = createPublicClient({ transport: http(chainsim.url) })
 * await chainsim.close()
 */
export async function startChainsim(options: StartChainsimOptions = {}): Promise<Chainsim> {
  const server = options.scenario === undefined ? await serveNetworks(options) : await serveScenario(options.scenario, options)
  const apiKey = options.apiKey ?? firstApiKey(options.config) ?? DEFAULT_API_KEY
  const key = encodeURIComponent(apiKey)
  const networks = server.networks.map(
    (n): ChainsimNetwork => ({
      name: n.name,
      chainId: Number(n.chainId),
      url: `${n.httpUrl}/v3/${key}`,
      wsUrl: `${n.wsUrl}/ws/v3/${key}`,
      node: n.node,
      faults: n.faults,
      request: inProcessRequest(n.dispatcher),
      transport: inProcessTransport(n.dispatcher),
    }),
  )
  if (options.printTransactions) {
    const print = options.printTransactions === true ? (line: string) => console.log(line) : options.printTransactions
    for (const network of server.networks) {
      const naming = server.artifacts ? { node: network.node, decoder: network.decoder } : undefined
      printConsole(network.node.console, print, server.networks.length > 1 ? network.name : undefined, naming)
    }
  }
  const first = networks[0] as ChainsimNetwork
  const accounts = first.node.accounts.map((a) => ({ address: bytesToHex(a.address), privateKey: bytesToHex(a.privateKey) }))
  const byName = Object.fromEntries(networks.map((n) => [n.name, n]))
  return {
    ...first,
    networks: byName,
    accounts,
    server,
    info: {
      url: first.url,
      wsUrl: first.wsUrl,
      chainId: first.chainId,
      networks: Object.fromEntries(networks.map((n) => [n.name, { url: n.url, wsUrl: n.wsUrl, chainId: n.chainId }])),
      accounts,
    },
    settle: async () => {
      await Promise.all(networks.map((n) => n.node.settled()))
    },
    checkpoint: () => takeCheckpoint(networks),
    close: () => server.close(),
  }
}

function serveNetworks(options: StartChainsimOptions): Promise<RunningServer> {
  // A fork takes its upstream's chain id unless given.
  const chain = chainOptionsOf(options)
  const inputs = (options.networks ?? [{}]).map((n, i) => ({
    name: i === 0 ? 'dev' : `net${i}`,
    ...(n.fork ? {} : { chainId: 31337 }),
    ...chain,
    ...(options.autoImpersonate === undefined ? {} : { autoImpersonate: options.autoImpersonate }),
    ...n,
    port: 0,
  }))
  const clientVersion = options.clientVersion ?? options.config?.clientVersion
  const hardfork = options.hardfork === undefined ? {} : { hardfork: options.hardfork }
  const artifacts = options.artifacts === undefined ? {} : { artifacts: options.artifacts }
  const config = parseConfig(
    { ...options.config, ...hardfork, ...artifacts, ...(clientVersion === undefined ? {} : { clientVersion }), networks: inputs },
    'startChainsim options',
  )
  const { nodeOptions } = options
  return startServer(config, {
    port: 0,
    createNode: nodeOptions ? (network) => ChainNode.create({ ...nodeOptionsFor(network), ...nodeOptions }) : undefined,
  })
}

/** The chain options given, by their keys: only those, so that a network's own keys are not overwritten by absent ones. */
function chainOptionsOf(options: StartChainsimOptions): ChainOptions {
  const keys = ['chainId', ...Object.keys(chainKeys.shape)] as Array<keyof ChainOptions>
  return Object.fromEntries(keys.filter((key) => options[key] !== undefined).map((key) => [key, options[key]]))
}

async function serveScenario(scenario: string | object, options: StartChainsimOptions): Promise<RunningServer> {
  const chain = Object.keys(chainOptionsOf(options))
  if (options.networks !== undefined || options.nodeOptions !== undefined || chain.length > 0) {
    throw new StartChainsimError(
      `startChainsim: a scenario brings its own networks: leave out ${[...(options.networks === undefined ? [] : ['networks']), ...(options.nodeOptions === undefined ? [] : ['nodeOptions']), ...chain].map((key) => `\`${key}\``).join(', ')}`,
    )
  }
  const played = await playScenario(scenario, { label: 'startChainsim scenario' })
  if (!played.report.ok) {
    await played.close()
    throw new StartChainsimError(`startChainsim: the scenario failed:\n${formatReport(played.report)}`)
  }
  return played.serve({ port: 0, host: options.config?.host, apiKeys: apiKeyList(options.config) })
}

function firstApiKey(config: StartChainsimOptions['config']): string | undefined {
  return apiKeyList(config)?.[0]
}

function apiKeyList(config: StartChainsimOptions['config']): string[] | undefined {
  return config?.apiKeys && apiKeyNames({ apiKeys: config.apiKeys })
}
