import { gunzipSync, gzipSync } from 'node:zlib'
import { forkedNodeOf } from '../fork/createForkedNode.ts'
import { NotOnAFork } from '../fork/errors.ts'
import type { ChainNode } from '../node.ts'
import { captureNetworkState, rebuildNetwork } from './networkState.ts'
import { parseStateFile, STATE_FORMAT, STATE_VERSION, StateFileError } from './stateFile.ts'

/** Where a dump comes from, in error messages. */
const SOURCE = 'the state'
/** A dump larger than this once decompressed is refused rather than read into memory. */
const MAX_DUMP_BYTES = 256 * 1024 * 1024
const GZIP_MAGIC = [0x1f, 0x8b] as const

/**
 * anvil_dumpState: the network as a chainsim state file holding it alone (the format `--state FILE`
 * keeps: genesis, every block of every branch, pool, clock, keys, state set on accounts), gzip-compressed
 * as Anvil compresses its own dumps. Decompressed and written to a file, it is a state file.
 */
export async function dumpNetwork(node: ChainNode): Promise<Uint8Array> {
  refuseFork(node, `anvil_dumpState cannot save network ${node.name}`)
  const network = await captureNetworkState(node)
  const file = { format: STATE_FORMAT, version: STATE_VERSION, savedAt: new Date().toISOString(), networks: [network] }
  return new Uint8Array(gzipSync(JSON.stringify(file)))
}

/**
 * anvil_loadState: makes the dumped network this node's (see `ChainNode.loadNetwork`). The dump is
 * gzip-compressed or plain JSON; it must hold one network of this node's chain id, and every block is
 * executed again and checked before anything changes: a bad dump leaves the node as it was.
 */
export async function loadNetworkDump(node: ChainNode, dump: Uint8Array): Promise<void> {
  refuseFork(node, `anvil_loadState cannot replace network ${node.name}`)
  const file = parseStateFile(decompress(dump), { subject: SOURCE, name: SOURCE })
  if (file.networks.length !== 1) {
    throw new StateFileError(`${SOURCE} holds ${file.networks.length} networks; anvil_loadState takes one`)
  }
  const [network] = file.networks as [(typeof file.networks)[number]]
  if (network.chainId !== node.chainId.toString(10)) {
    throw new StateFileError(`${SOURCE} is of chain id ${network.chainId}; this network's is ${node.chainId}`)
  }
  await node.loadNetwork(await rebuildNetwork(network, SOURCE, node.chain.stateBlocks))
}

/** A state file replays every block from genesis; a fork's state before its first block is its upstream's. */
function refuseFork(node: ChainNode, what: string): void {
  const fork = forkedNodeOf(node)?.origin
  if (fork) throw new NotOnAFork(`${what}: it is a fork of ${fork.upstream} at block ${fork.blockNumber}, which restarts from its fork cache instead`)
}

function decompress(dump: Uint8Array): string {
  if (dump[0] !== GZIP_MAGIC[0] || dump[1] !== GZIP_MAGIC[1]) {
    if (dump.length > MAX_DUMP_BYTES) throw tooLarge()
    return Buffer.from(dump).toString('utf8')
  }
  try {
    return gunzipSync(dump, { maxOutputLength: MAX_DUMP_BYTES }).toString('utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw tooLarge()
    throw new StateFileError(`${SOURCE} is not valid gzip data (truncated or corrupt)`, { cause: error })
  }
}

function tooLarge(): StateFileError {
  return new StateFileError(`${SOURCE} is larger than ${MAX_DUMP_BYTES / 1024 / 1024} MiB decompressed`)
}
