import { readFile, rename, writeFile } from 'node:fs/promises'
import type { ChainNode } from '../node.ts'
import { dumpAnvilState } from './anvilState.ts'
import { loadNetworkDump } from './networkDump.ts'
import { LoadStateError, StateFileError } from './errors.ts'
import { describe } from './serverState.ts'

/**
 * `--load-state FILE` (Anvil's flag): a dump loaded into `node` before it serves, as anvil_loadState loads it
 * (Anvil's state JSON or a chainsim dump, plain or gzip-compressed). A file that cannot be read or loaded is
 * refused naming it and why.
 */
export async function loadStateFile(node: ChainNode, path: string): Promise<void> {
  const bytes = await readFile(path).catch((error: unknown) => {
    throw new LoadStateError(`--load-state ${path}: cannot be read (${describe(error)})`, { cause: error })
  })
  try {
    await loadNetworkDump(node, bytes, `--load-state ${path}`)
  } catch (error) {
    if (error instanceof StateFileError) throw new LoadStateError(error.message, { cause: error })
    throw error
  }
}

/**
 * `--dump-state FILE` (Anvil's flag): the head's accounts written in Anvil's state JSON as the server stops, which
 * `anvil --load-state` and chainsim's `--load-state` read. Written beside the file and renamed over it, so a file
 * is whole or not there.
 */
export async function dumpStateFile(node: ChainNode, path: string): Promise<void> {
  const partial = `${path}.${process.pid}.partial`
  await writeFile(partial, JSON.stringify(await dumpAnvilState(node), null, 2))
  await rename(partial, path)
}
