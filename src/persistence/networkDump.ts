import { gunzipSync, gzipSync } from 'node:zlib'
import { NotOnAFork } from '../fork/errors.ts'
import { ChainIdChangedSinceGenesis } from '../mining/errors.ts'
import type { ChainNode } from '../node.ts'
import { dumpAnvilState, isAnvilState, loadAnvilState, parseAnvilState } from './anvilState.ts'
import { captureNetworkState, rebuildNetwork } from './networkState.ts'
import { parseJson, STATE_FORMAT, STATE_VERSION, stateFileOf } from './stateFile.ts'
import { StateFileError } from './errors.ts'

/** Where a dump comes from, in error messages, when it is not a file. */
const SOURCE = 'the state'
/** A dump larger than this once decompressed is refused rather than read into memory. */
const MAX_DUMP_BYTES = 256 * 1024 * 1024
const GZIP_MAGIC = [0x1f, 0x8b] as const

/** The forms a network is dumped in: chainsim's state file, or Anvil's state JSON (src/persistence/anvilState.ts). */
export type DumpFormat = 'chainsim' | 'anvil'

/**
 * anvil_dumpState: the network as a chainsim state file holding it alone (the format `--state FILE`
 * keeps: genesis, every block of every branch, pool, clock, keys, state set on accounts), or in Anvil's form (the
 * head's accounts, which Anvil's anvil_loadState takes), gzip-compressed as Anvil compresses its own dumps.
 * Decompressed and written to a file, the first is a state file, the second what `anvil --load-state` reads.
 */
export async function dumpNetwork(node: ChainNode, format: DumpFormat = 'chainsim'): Promise<Uint8Array> {
  refuseFork(node, `anvil_dumpState cannot save network ${node.name}`)
  if (format === 'anvil') return new Uint8Array(gzipSync(JSON.stringify(await dumpAnvilState(node))))
  const { chainId, genesisChainId } = node.chain
  if (chainId !== genesisChainId) throw new ChainIdChangedSinceGenesis(genesisChainId, chainId)
  const network = await captureNetworkState(node)
  const file = { format: STATE_FORMAT, version: STATE_VERSION, savedAt: new Date().toISOString(), networks: [network] }
  return new Uint8Array(gzipSync(JSON.stringify(file)))
}

/**
 * anvil_loadState (and `--load-state FILE`, `source` naming the file): the dump, gzip-compressed or plain JSON, in
 * either form. Anvil's form is merged into the head's state as Anvil merges it (see `loadAnvilState`). chainsim's
 * makes the dumped network this node's (see `ChainNode.loadNetwork`): it must hold one network of this node's
 * chain id, and every block is executed again and checked before anything changes. A bad dump leaves the node as
 * it was.
 */
export async function loadNetworkDump(node: ChainNode, dump: Uint8Array, source = SOURCE): Promise<void> {
  const json = parseJson(decompress(dump, source), source)
  if (isAnvilState(json)) {
    await loadAnvilState(node, parseAnvilState(json, source))
    return
  }
  if (typeof json !== 'object' || json === null || !('format' in json)) {
    throw new StateFileError(`${source} is neither a chainsim state file (no "format": "${STATE_FORMAT}") nor Anvil's state JSON (no "accounts")`)
  }
  refuseFork(node, `anvil_loadState cannot replace network ${node.name}`)
  const file = stateFileOf(json, { subject: source, name: source })
  if (file.networks.length !== 1) {
    throw new StateFileError(`${source} holds ${file.networks.length} networks; anvil_loadState takes one`)
  }
  const [network] = file.networks as [(typeof file.networks)[number]]
  if (network.chainId !== node.chainId.toString(10)) {
    throw new StateFileError(`${source} is of chain id ${network.chainId}; this network's is ${node.chainId}`)
  }
  await node.loadNetwork(await rebuildNetwork(network, source, node.chain.stateBlocks))
}

/** A state file replays every block from genesis; a fork's state before its first block is its upstream's. */
function refuseFork(node: ChainNode, what: string): void {
  const fork = node.fork?.origin
  if (fork) throw new NotOnAFork(`${what}: it is a fork of ${fork.upstream} at block ${fork.blockNumber}, which restarts from its fork cache instead`)
}

function decompress(dump: Uint8Array, source: string): string {
  if (dump[0] !== GZIP_MAGIC[0] || dump[1] !== GZIP_MAGIC[1]) {
    if (dump.length > MAX_DUMP_BYTES) throw tooLarge(source)
    return Buffer.from(dump).toString('utf8')
  }
  try {
    return gunzipSync(dump, { maxOutputLength: MAX_DUMP_BYTES }).toString('utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw tooLarge(source)
    throw new StateFileError(`${source} is not valid gzip data (truncated or corrupt)`, { cause: error })
  }
}

function tooLarge(source: string): StateFileError {
  return new StateFileError(`${source} is larger than ${MAX_DUMP_BYTES / 1024 / 1024} MiB decompressed`)
}
