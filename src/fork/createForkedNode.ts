import { Chain, toChainBlock } from '../chain/chain.ts'
import {
  bytesToHex,
  createDevCommon,
  createKnownChainCommon,
  ExecutionEngine,
  forkBlockFromHeader,
  ForkBlockError,
  ForkSourceError,
  hardforkOfUpstream,
  SERVED_HARDFORKS,
  stateEveryBlockReads,
} from '../evm/index.ts'
import type { Common, HardforkName, UpstreamHeader } from '../evm/index.ts'
import { ChainNode } from '../node.ts'
import { devAccountsOf, finalityOf, NODE_DEFAULTS, stateBlocksOf, withChainRules } from '../nodeOptions.ts'
import type { ForkIdentity, ForkOrigin, NodeOptions } from '../nodeOptions.ts'
import type { ReplaySpeed } from '../replay/types.ts'
import { ForkStartError, NoUpstreamOffline, NotCached, UpstreamError, UpstreamUnanswered } from './errors.ts'
import { ForkCache } from './forkCache.ts'
import type { ForkRecord } from './forkCache.ts'
import { ForkedUpstream } from './forkedUpstream.ts'
import type { ForkPoint } from './forkedUpstream.ts'
import { hex, RemoteHistory } from './remoteHistory.ts'
import { RemoteState } from './remoteState.ts'
import { UpstreamReplaySource } from './replaySource.ts'
import { loadFixture } from './fixture.ts'
import { UPSTREAM_DEFAULTS, UpstreamClient } from './upstreamClient.ts'
import type { Upstream, UpstreamCall, UpstreamClientOptions } from './upstreamClient.ts'
import { headerOf, quantityOf } from './upstreamFormats.ts'
import { upstreamRulesOf } from './upstreamRules.ts'
import { parseUpstreamUrl, upstreamLabel } from './upstreamUrl.ts'

/** Where and what to fork (a network's `fork` config, `--fork-url`, `--fork-block`, `--offline`). */
export interface ForkOptions extends UpstreamClientOptions {
  /** The upstream's JSON-RPC URL (HTTP or HTTPS). */
  url: string
  /** The block to fork at; default the upstream's latest. */
  blockNumber?: bigint
  /** Root of the persistent cache; default `$XDG_CACHE_HOME/chainsim` or `~/.cache/chainsim`. */
  cacheDir?: string
  /** Play from the cache alone: the upstream is never asked. */
  offline?: boolean
  /** Where warnings go (a discarded cache); default standard error. */
  warn?: (message: string) => void
  /** Mine the upstream's blocks after the fork block again, up to `to` (src/replay). */
  replay?: ReplayOptions
  /** Play from this fixture file (`chainsim fixture`) instead of an upstream and a cache: offline, nothing written. */
  fixture?: string
}

/** A replay of the upstream's blocks after the fork block: up to which, how fast, and whether it starts paused. */
export interface ReplayOptions {
  /** The last block to replay; with a fixture, default the last one it holds. */
  to?: bigint
  speed?: ReplaySpeed
  paused?: boolean
}

/** A forked network: its node, what answers for the chain up to the fork block, and where it came from. */
export interface ForkedNode {
  node: ChainNode
  history: RemoteHistory
  origin: ForkOrigin
  /** What the fork read from its upstream, kept for good (a fixture packs it). */
  cache: ForkCache
  /** Upstream round trips and JSON-RPC calls so far (retries included; 0 offline). */
  upstreamStats(): { roundTrips: number; calls: number }
  /** anvil_setRpcUrl: later reads go to this upstream of the same chain; refused offline (the node's `fork` does it). */
  setUpstreamUrl(url: URL): void
  /** Closes the node, then writes out the cache. */
  close(): Promise<void>
}

const forkedNodes = new WeakMap<ChainNode, ForkedNode>()

/**
 * The fork a node was created as (createForkedNode), if it was: what serves and closes it needs. What the node's
 * own methods need of it (where it forked, anvil_setRpcUrl) is the node's `fork`.
 */
export function forkedNodeOf(node: ChainNode): ForkedNode | undefined {
  return forkedNodes.get(node)
}

/**
 * Starts a network on the state of another chain at a block: the upstream's fork block becomes the chain's
 * first block (its header, hash and all), the dev accounts are funded on top of the upstream's state, and
 * everything else is read from the upstream when first needed and cached (see RemoteState, RemoteHistory).
 * The chain id is the upstream's unless `options.chainId` says otherwise. Throws {@link ForkStartError}
 * naming the upstream and the failure when it cannot start.
 * @example const { node } = await createForkedNode({ url: 'http://127.0.0.1:8545', blockNumber: 12n }, { name: 'fork' })
 */
export async function createForkedNode(fork: ForkOptions, options: NodeOptions = {}): Promise<ForkedNode> {
  if (fork.fixture !== undefined) {
    const cache = await loadFixture(fork.fixture)
    try {
      return await forkOn(new OfflineUpstream(cache.record.upstream, fork.fixture), cache, true, options, fork.replay, undefined)
    } catch (error) {
      throw startFailure(cache.record.upstream, error)
    }
  }
  const url = parseUpstreamUrl(fork.url)
  const label = upstreamLabel(url)
  const root = fork.cacheDir ?? ForkCache.defaultRoot()
  const warn = fork.warn ?? ((message: string) => console.error(`chainsim: ${message}`))
  let upstream: Upstream
  let cache: ForkCache
  if (fork.offline) {
    cache = await ForkCache.find(root, { upstream: label, blockNumber: fork.blockNumber })
    upstream = new OfflineUpstream(label, cache.dir)
  } else {
    const client = new UpstreamClient(url, fork)
    upstream = client
    cache = await ForkCache.open(root, await fetchForkRecord(client, fork.blockNumber), warn)
  }
  try {
    return await forkOn(
      upstream,
      cache,
      fork.offline ?? false,
      options,
      fork.replay,
      fork.offline ? undefined : (fork.backoffMs ?? UPSTREAM_DEFAULTS.backoffMs),
    )
  } catch (error) {
    await cache.close()
    throw startFailure(label, error)
  }
}

/**
 * The rules the upstream ran at the fork block: a known chain's schedule, else its header's fields and its
 * eth_config. Before the merge, the oldest rules chainsim serves (it mines proof-of-stake blocks only).
 */
function upstreamHardfork(header: UpstreamHeader, record: ForkRecord, known: Common | undefined): HardforkName {
  const fork = known
    ? (known.getHardforkBy({ blockNumber: header.number, timestamp: header.timestamp }) as HardforkName)
    : hardforkOfUpstream(header, upstreamRulesOf(record.config, header.timestamp))
  return SERVED_HARDFORKS.includes(fork) ? fork : (SERVED_HARDFORKS[0] as HardforkName)
}

/** Why a fork cannot start, naming the upstream once. */
function startFailure(label: string, error: unknown): unknown {
  if (error instanceof UpstreamUnanswered) {
    return new ForkStartError(
      `cannot fork ${label}: ${error.detail}; wait longer with --fork-deadline-ms (fork.deadlineMs), or serve what the fork cache holds with --offline (fork.offline)`,
      { cause: error },
    )
  }
  if (error instanceof UpstreamError) return new ForkStartError(`cannot fork ${label}: ${error.detail}`, { cause: error })
  if (error instanceof ForkSourceError || error instanceof ForkBlockError) return new ForkStartError(`cannot fork ${label}: ${error.message}`, { cause: error })
  return error
}

async function forkOn(
  upstream: Upstream,
  cache: ForkCache,
  offline: boolean,
  options: NodeOptions,
  replay: ReplayOptions | undefined,
  retryBackoffMs: number | undefined,
): Promise<ForkedNode> {
  const { record } = cache
  const header = headerOf(record.block)
  const point: ForkPoint = { number: header.number, hash: record.blockHash }
  const forked = new ForkedUpstream(upstream, cache, point)
  const state = new RemoteState(forked)
  const history = new RemoteHistory(forked)
  const upstreamChainId = BigInt(record.chainId)
  const name = options.name ?? NODE_DEFAULTS.name
  if (replay && options.chainId !== undefined && options.chainId !== upstreamChainId) {
    throw new ForkStartError(
      `a replay keeps the upstream's chain id ${upstreamChainId} (its transactions are signed for it); leave out chainId ${options.chainId}`,
    )
  }
  // A replay of a public chain runs each block under the rules it ran under upstream; anything else runs one fork's,
  // the upstream's at the fork block unless the options name one.
  const known = createKnownChainCommon(upstreamChainId)
  const followForks = replay !== undefined && known !== undefined && options.hardfork === undefined
  const hardfork = options.hardfork ?? upstreamHardfork(header, record, known)
  const common = withChainRules(followForks && known ? known : createDevCommon(options.chainId ?? upstreamChainId, name, hardfork), options)
  // anvil_reset builds the fork again at the chain id it started at, whatever anvil_setChainId made it since.
  const chainId = common.chainId()
  const newEngine = () => ExecutionEngine.create(common, { forkedState: state, followForks, chainId })
  // Made first: its VM gives the Common the system contracts' parameters, read below.
  const engine = await newEngine()
  const block = forkBlockFromHeader(header, common)
  // Funded as Anvil funds them on a fork: the upstream's nonce and code, the dev balance. Fetched in one round
  // trip with what every block reads (system contracts, the coinbase), so the first block asks little more.
  const accounts = devAccountsOf(options)
  const system = stateEveryBlockReads(common)
  await state.prefetch([...accounts.map((a) => a.address), ...system.accounts, options.coinbase ?? new Uint8Array(20)], system.slots)
  const balance = options.accountBalance ?? NODE_DEFAULTS.accountBalance
  // Nothing at or below the fork block can be reorganized away: it is final from here.
  const finality = { ...finalityOf(options), safeAtLeast: header.number, finalizedAtLeast: header.number }
  // The chain as it starts on `on`'s empty state database; anvil_reset builds it again, on the same upstream state.
  const forkChain = async (on: ExecutionEngine) => {
    // A replay funds nothing: the state its blocks run on is exactly the upstream's (a replayed transaction that
    // reads a dev account's balance must read what it read upstream).
    await on.createForkBase(header.stateRoot, replay ? [] : accounts.map((a) => ({ address: a.address, balance })))
    return new Chain(on, toChainBlock(block, []), finality, stateBlocksOf(options, finality))
  }
  // The replay fetches ahead up to its last block, which sim_replay may move.
  let lastWanted = (): bigint => 0n
  const replayOptions = replay && (await replayOf(forked, engine, header, replay, () => lastWanted()))
  const origin: ForkOrigin = {
    upstream: upstream.label,
    upstreamChainId,
    blockNumber: header.number,
    blockHash: record.blockHash,
    cacheDir: cache.dir,
    offline,
    retryBackoffMs,
  }
  const identity: ForkIdentity = {
    origin,
    setUpstreamUrl: (url) => {
      if (!(upstream instanceof UpstreamClient)) throw new NoUpstreamOffline(`this fork is offline: it asks no upstream (${origin.upstream})`)
      upstream.retarget(url)
      origin.upstream = upstream.label
    },
  }
  const node = ChainNode.fromChain(
    await forkChain(engine),
    { ...options, name, olderLogs: history, fork: identity, ...(replayOptions ? { replay: replayOptions } : {}) },
    accounts,
    async () => forkChain(await newEngine()),
  )
  lastWanted = () => node.replay?.to ?? 0n
  const forkedNode: ForkedNode = {
    node,
    history,
    origin,
    cache,
    upstreamStats: () => (upstream instanceof UpstreamClient ? { ...upstream.stats } : { roundTrips: 0, calls: 0 }),
    setUpstreamUrl: identity.setUpstreamUrl,
    close: async () => {
      await node.close()
      await cache.close()
    },
  }
  forkedNodes.set(node, forkedNode)
  return forkedNode
}

/** A replay of the blocks after the fork block, read through the fork cache; `to` must be after the fork block. */
async function replayOf(
  forked: ForkedUpstream,
  engine: ExecutionEngine,
  header: { number: bigint; hash: Uint8Array; timestamp: bigint },
  replay: ReplayOptions,
  lastWanted: () => bigint,
): Promise<NonNullable<NodeOptions['replay']>> {
  const to = replay.to ?? (await forked.cache.blocks.numbers('block')).at(-1)
  if (to === undefined) throw new ForkStartError('a replay needs its last block: give --replay-to (fork.replayTo)')
  if (to <= header.number)
    throw new ForkStartError(`cannot replay to block ${to}: the fork block is ${header.number}, so the replay starts at block ${header.number + 1n}`)
  const source = await UpstreamReplaySource.open(
    forked,
    (number, timestamp) => engine.rulesAt(number, timestamp),
    () => (lastWanted() > 0n ? lastWanted() : to),
  )
  return {
    source,
    plan: { from: { number: header.number, hash: header.hash, timestamp: header.timestamp }, to, speed: replay.speed ?? 'fast', paused: replay.paused },
  }
}

/** The upstream's chain id and fork block (its latest unless given), in one round trip. */
async function fetchForkRecord(client: UpstreamClient, blockNumber: bigint | undefined): Promise<ForkRecord> {
  const calls: UpstreamCall[] = [
    { method: 'eth_chainId', params: [] },
    { method: 'eth_blockNumber', params: [] },
    { method: 'eth_getBlockByNumber', params: [blockNumber === undefined ? 'latest' : hex(blockNumber), false] },
  ]
  try {
    // Asked in the same round trip; an upstream that does not know the method is taken at its header's word.
    const [config, ...answers] = await client.send([{ method: 'eth_config', params: [] }, ...calls])
    const [chainId, head, block] = answers.map((answer, i) => {
      if ('error' in answer) throw new ForkStartError(`cannot fork ${client.label}: ${calls[i]?.method}: ${answer.error.message} (${answer.error.code})`)
      return answer.result
    })
    const latest = quantityOf(head, 'block number')
    if (block === null || typeof block !== 'object') {
      throw new ForkStartError(`cannot fork ${client.label} at block ${blockNumber}: its latest block is ${latest}`)
    }
    const { hash, number } = headerOf(block as Record<string, unknown>)
    if (blockNumber !== undefined && number !== blockNumber) {
      throw new ForkStartError(`cannot fork ${client.label} at block ${blockNumber}: it answered block ${number}`)
    }
    return {
      chainId: quantityOf(chainId, 'chain id').toString(10),
      blockNumber: number.toString(10),
      blockHash: bytesToHex(hash),
      block: block as Record<string, unknown>,
      upstream: client.label,
      ...(config && 'result' in config ? { config: config.result } : {}),
    }
  } catch (error) {
    throw startFailure(client.label, error)
  }
}

/** `--offline`: an upstream that is never asked; what the cache does not hold fails, naming the question. */
class OfflineUpstream implements Upstream {
  constructor(
    readonly label: string,
    private readonly dir: string,
  ) {}

  async send(calls: readonly UpstreamCall[]): Promise<never> {
    const asked = calls.map((call) => `${call.method}(${call.params.map((p) => (typeof p === 'string' ? p : JSON.stringify(p))).join(', ')})`)
    throw new NotCached(`offline: ${asked[0]} is not in the fork cache ${this.dir}`)
  }
}
