import { readFile } from 'node:fs/promises'
import { importChain } from './chain/importChain.ts'
import type { Chain } from './chain/chain.ts'
import { parseConfig } from './config/loadConfig.ts'
import type { ChainsimConfig, NetworkConfig } from './config/schema.ts'
import { BlockImportError, GenesisError } from './evm/index.ts'
import { ChainNode } from './node.ts'
import { nodeOptionsFor } from './network.ts'
import { ChainImportError } from './errors.ts'

export interface ImportedNetworkOptions {
  /** A geth-format genesis JSON file. */
  genesisFile: string
  /** Concatenated RLP blocks on that genesis (`geth export`, hive's chain.rlp); none = genesis only. */
  blocksFile?: string
  host?: string
  port?: number
  /** Default: a block per transaction, so the chain keeps working as a dev chain on top. */
  mining?: NetworkConfig['mining']
  /** Keep every block's state (`--archive`), not only the newest blocks'. */
  archive?: boolean
}

/** An imported chain, and what `startServer` needs to serve it as one network. */
export interface ImportedNetwork {
  chain: Chain
  config: ChainsimConfig
  /** Serves the imported chain (startServer's createNode). */
  createNode: (network: NetworkConfig) => Promise<ChainNode>
}

/**
 * Imports a geth genesis and its RLP blocks completely (every block executed and checked)
 * before anything is served, for `chainsim serve --genesis FILE --import FILE.rlp`: one network,
 * named after the genesis (or `imported`), with the genesis's chain id.
 * @example
 * const imported = await loadImportedNetwork({ genesisFile: 'genesis.json', blocksFile: 'chain.rlp' })
 * const server = await startServer(imported.config, { createNode: imported.createNode })
 */
export async function loadImportedNetwork(options: ImportedNetworkOptions): Promise<ImportedNetwork> {
  const genesisJson = await readJson(options.genesisFile)
  const blocks = options.blocksFile === undefined ? new Uint8Array() : await readBytes(options.blocksFile)
  let imported
  try {
    imported = await importChain(genesisJson, blocks, options.archive ? { stateBlocks: 'all' } : {})
  } catch (error) {
    if (error instanceof GenesisError) throw new ChainImportError(`${options.genesisFile}: ${error.message}`, { cause: error })
    if (error instanceof BlockImportError) throw new ChainImportError(`${options.blocksFile}: ${error.message}`, { cause: error })
    throw error
  }
  const { chain } = imported
  const name = imported.name !== undefined && /^[A-Za-z0-9_-]+$/.test(imported.name) ? imported.name : 'imported'
  const config = parseConfig(
    {
      host: options.host ?? '127.0.0.1',
      networks: [{ name, chainId: Number(chain.chainId), port: options.port, mining: options.mining ?? { auto: true } }],
    },
    'the imported network',
  )
  let served = false
  const createNode = async (network: NetworkConfig) => {
    if (served) throw new Error('an imported chain is served by one network only')
    served = true
    return ChainNode.fromChain(chain, nodeOptionsFor(network))
  }
  return { chain, config, createNode }
}

async function readJson(path: string): Promise<unknown> {
  const text = await readFile(path, 'utf8').catch((error: NodeJS.ErrnoException) => {
    throw new ChainImportError(`cannot read genesis file ${path}: ${error.code ?? error.message}`)
  })
  try {
    return JSON.parse(text)
  } catch (error) {
    throw new ChainImportError(`genesis file ${path} is not valid JSON: ${(error as Error).message}`)
  }
}

async function readBytes(path: string): Promise<Uint8Array> {
  const buffer = await readFile(path).catch((error: NodeJS.ErrnoException) => {
    throw new ChainImportError(`cannot read blocks file ${path}: ${error.code ?? error.message}`)
  })
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength)
}
