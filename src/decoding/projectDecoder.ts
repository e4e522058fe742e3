import { existsSync, watch } from 'node:fs'
import type { FSWatcher } from 'node:fs'
import { AbiDecoder } from './abiDecoder.ts'
import type { NamedAbi } from './abiDecoder.ts'
import { readArtifacts } from './projectArtifacts.ts'

/** How long the folder stays quiet before it is read again: a build writes many files in a burst. */
export const ARTIFACTS_SETTLE_MS = 200

/** How often a removed folder (`forge clean`) is looked for again: a watch ends with the folder it watched. */
const REAPPEARED_POLL_MS = 500

/** A decoder that knows a project's artifacts folder and follows its builds. */
export interface ProjectDecoder {
  decoder: AbiDecoder
  /** How many contracts it knows now. */
  contracts(): number
  close(): void
}

/**
 * Reads `dir` now (a folder that cannot be read is an error, named) and again once a change to it has settled
 * (fs.watch, recursive): a rebuild's burst of writes is read once, and nothing is read while the folder stays
 * as it is. A read that fails later keeps the contracts known before; a folder removed (`forge clean`) is
 * watched again, and read, once it is back.
 */
export function watchProjectArtifacts(dir: string, abis: readonly NamedAbi[], onError: (error: Error) => void): ProjectDecoder {
  let artifacts = readArtifacts(dir)
  const decoder = new AbiDecoder(abis, artifacts)
  let timer: NodeJS.Timeout | undefined
  let watcher: FSWatcher | undefined
  let poll: NodeJS.Timeout | undefined
  const reload = () => {
    timer = undefined
    try {
      artifacts = readArtifacts(dir)
      decoder.load(abis, artifacts)
    } catch (error) {
      onError(error as Error)
      if (!existsSync(dir)) lost()
    }
  }
  const lost = () => {
    watcher?.close()
    watcher = undefined
    if (poll) return
    poll = setInterval(() => {
      if (!existsSync(dir)) return
      clearInterval(poll)
      poll = undefined
      follow()
      reload()
    }, REAPPEARED_POLL_MS)
    poll.unref()
  }
  const follow = () => {
    try {
      watcher = watch(dir, { recursive: true, persistent: false }, () => {
        clearTimeout(timer)
        timer = setTimeout(reload, ARTIFACTS_SETTLE_MS)
      })
      watcher.on('error', (error) => {
        onError(error)
        lost()
      })
    } catch (error) {
      onError(error as Error)
      lost()
    }
  }
  follow()
  return {
    decoder,
    contracts: () => artifacts.length,
    close: () => {
      clearTimeout(timer)
      clearInterval(poll)
      watcher?.close()
    },
  }
}
