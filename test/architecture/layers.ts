/**
 * chainsim's layers, lowest first: a folder of src/ (a top-level file src/x.ts is its own folder, `x`) may import
 * its own folder, any folder of a lower layer, and, within its layer, only the folders `SAME_LAYER` lets it.
 * test/architecture/layers.test.ts checks every import of src/ against this table (ARCHITECTURE.md points here).
 * A new folder goes into the table where its imports put it.
 */
export interface Layer {
  name: string
  folders: readonly string[]
}

export const LAYERS: readonly Layer[] = [
  { name: 'base', folders: ['errors', 'seededRandom', 'version', 'util', 'contracts', 'heapGrowth'] },
  { name: 'evm', folders: ['evm'] },
  { name: 'chain', folders: ['chain'] },
  // What the node coordinates, one folder each; their order is SAME_LAYER's.
  { name: 'concerns', folders: ['txpool', 'accounts', 'mining', 'reorg', 'replay', 'logs', 'filters', 'search', 'console', 'decoding', 'stateReads'] },
  { name: 'node', folders: ['node', 'nodeAssembly', 'nodeRestore', 'nodeOptions', 'networkImage', 'networkChangeTracker'] },
  // What builds a node otherwise than from options: a fork of an upstream, a state file, an exported chain.
  { name: 'builders', folders: ['fork', 'persistence', 'exportChain'] },
  { name: 'rpc', folders: ['rpc'] },
  { name: 'serving', folders: ['transports', 'explorer'] },
  // Composition: what puts networks together, from their config up to the command line and the library.
  { name: 'composition: parts', folders: ['config', 'consolePrinter', 'backgroundTraffic'] },
  { name: 'composition: networks', folders: ['network', 'record'] },
  { name: 'composition: servers', folders: ['server', 'importedNetwork', 'warmUp'] },
  { name: 'composition: banner', folders: ['banner'] },
  { name: 'composition: scenarios', folders: ['scenarios'] },
  { name: 'composition: entry points', folders: ['testing', 'commands'] },
  { name: 'composition: roots', folders: ['cli', 'index'] },
]

/** Which folder may import which other folder of its own layer: [importer, imported]. */
export const SAME_LAYER: ReadonlyArray<readonly [string, string]> = [
  // txpool < accounts < mining, reorg, replay: a pool's refusal words an account's; mining and reorgs pool transactions.
  ['accounts', 'txpool'],
  ['mining', 'txpool'],
  ['mining', 'replay'],
  ['mining', 'console'],
  ['reorg', 'accounts'],
  ['reorg', 'txpool'],
  ['stateReads', 'txpool'],
  ['stateReads', 'console'],
  // logs < filters: a filter's logs are the log index's.
  ['filters', 'logs'],
  // console.log is captured decoded.
  ['console', 'decoding'],
  ['node', 'nodeOptions'],
  // The node is built by its assembly and a saved network put back by its restore; neither imports the node.
  ['node', 'nodeAssembly'],
  ['node', 'nodeRestore'],
  ['nodeAssembly', 'nodeOptions'],
  ['nodeAssembly', 'networkChangeTracker'],
  ['nodeRestore', 'networkImage'],
  ['nodeRestore', 'nodeOptions'],
  ['nodeRestore', 'networkChangeTracker'],
  ['node', 'networkImage'],
  ['node', 'networkChangeTracker'],
  ['networkChangeTracker', 'networkImage'],
  // A fork's state cannot be saved: persistence refuses with the fork's error.
  ['persistence', 'fork'],
  // A server warms up once it serves.
  ['server', 'warmUp'],
  // The HTTP server mounts the explorer's routes.
  ['transports', 'explorer'],
]

/**
 * src/explorer/ui is browser code with its own tsconfig (the DOM library, bundled apart): it imports its own
 * folder and these files of src/ only.
 */
export const EXPLORER_UI = 'explorer/ui'
export const EXPLORER_UI_MAY_IMPORT: readonly string[] = ['errors.ts', 'rpc/explorerAnswers.ts']

/** Folders the rest of src/ enters only through these files (ethereumjs stays behind evm/index.ts). */
export const ENTRY_FILES: Readonly<Record<string, readonly string[]>> = { evm: ['evm/index.ts', 'evm/types.ts'] }
