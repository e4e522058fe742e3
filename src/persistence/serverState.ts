import { copyFile, readFile } from 'node:fs/promises'
import { setImmediate as yieldToEvents } from 'node:timers/promises'
import type { Common } from '../evm/index.ts'
import type { NetworkImage } from '../networkImage.ts'
import { ChainNode } from '../node.ts'
import type { NodeOptions } from '../nodeOptions.ts'
import { isAnvilState, loadAnvilState, parseAnvilState } from './anvilState.ts'
import type { AnvilState } from './anvilState.ts'
import { changeFrames, ImageReader, imageFrames } from './imageCodec.ts'
import { FileRewrite, framed, JournalFile, MAGIC, MAGIC_PREFIX, readFrames } from './journalFile.ts'
import { restoreNetwork } from './networkState.ts'
import { restoreImage } from './restoreImage.ts'
import { parseJson, stateFileOf } from './stateFile.ts'
import { StateFileError, StateSaveError } from './errors.ts'
import type { NetworkState } from './stateFile.ts'
import { checkStatePath } from './statePath.ts'

/** What the state file is checked against of each configured network (a network's config has more). */
export interface ConfiguredNetwork {
  readonly name: string
  readonly chainId?: number
}

/** How a state file is kept: how often it is rewritten whole, and whether a restore executes every block again. */
export interface StateFileOptions {
  /** Seconds between rewrites of the whole file while changes come (`--state-interval`); 0: only on exit and sim_saveState. */
  intervalSeconds?: number
  /** Execute every block again on restore and check it against what the file kept (`--state-verify`). */
  verify?: boolean
  /** Where warnings go (a background rewrite that failed); default standard error. */
  warn?: (message: string) => void
}

/** Seconds between whole rewrites by default. */
export const DEFAULT_STATE_INTERVAL_SECONDS = 60
/** A rewrite that failed is tried again after this, at the soonest. */
const RETRY_MS = 1_000
/** Frames written between two yields to the event loop while a whole file is written. */
const FRAMES_PER_YIELD = 4

/** What the file held at start: Anvil's state JSON is the start of the first network (see `restore`). */
type Saved =
  | { version: 'anvil'; state: AnvilState }
  | { version: 1; networks: Map<string, NetworkState> }
  | { version: 2; networks: Map<string, { image: NetworkImage; common: Common }>; length: number; dropped: number }

/**
 * A server's state file (`--state FILE`). Networks saved in it are restored at start without executing anything;
 * from then on every change each network's writes make is appended to it (a journal) before the write is
 * answered, so a process killed at any moment restarts with every change it acknowledged. In the background, on
 * sim_saveState and on exit the file is rewritten whole (atomically), which drops what the journal no longer
 * needs. A file that is corrupt, of another format or version, or of other networks is refused and never
 * overwritten; a path whose folder is missing or not writable is refused before anything starts.
 */
export class ServerStateFile {
  #journal: JournalFile | undefined
  #nodes = new Map<string, ChainNode>()
  /** Appends since the file was last written whole. */
  #dirty = false
  /** Why appending failed, since when: until a whole rewrite succeeds, changes are in memory only. */
  #broken: { since: string; reason: string } | undefined
  /** The rewrite under way: the networks whose pictures it has taken, and the frames appended to them since. */
  #rewriting: { networks: Set<string>; tail: Uint8Array[] } | undefined
  #saving: Promise<unknown> = Promise.resolve()
  #timer: NodeJS.Timeout | undefined
  #retry: NodeJS.Timeout | undefined
  #warnedBroken = false
  /** The networks whose changes are recorded, and the frames they made before the file was open. */
  readonly #recorded = new Set<string>()
  readonly #early: Uint8Array[] = []
  readonly #intervalSeconds: number
  readonly #verify: boolean
  readonly #warn: (message: string) => void

  private constructor(
    readonly path: string,
    private readonly saved: Saved | undefined,
    /** The network an Anvil state JSON starts: the first configured, as Anvil serves one chain. */
    private readonly firstNetwork: string | undefined,
    options: StateFileOptions,
  ) {
    this.#intervalSeconds = options.intervalSeconds ?? DEFAULT_STATE_INTERVAL_SECONDS
    this.#verify = options.verify ?? false
    this.#warn = options.warn ?? ((message) => console.error(`chainsim: ${message}`))
  }

  static async open(path: string, networks: readonly ConfiguredNetwork[], options: StateFileOptions = {}): Promise<ServerStateFile> {
    await checkStatePath(path)
    const saved = await readSaved(path)
    for (const [name, chainId] of savedNetworks(saved)) {
      const configured = networks.find((n) => n.name === name)
      if (!configured) throw new StateFileError(`state file ${path} holds network ${name}, which is not configured; it is left as it is`)
      if (String(configured.chainId) !== chainId) {
        throw new StateFileError(
          `state file ${path} holds network ${name} with chain id ${chainId}, but it is configured with ${configured.chainId}; it is left as it is`,
        )
      }
    }
    return new ServerStateFile(path, saved, networks[0]?.name, options)
  }

  /** The saved node of a network, restored, or undefined when the file has none for it. */
  async restore(network: ConfiguredNetwork, options: NodeOptions): Promise<ChainNode | undefined> {
    const saved = this.saved
    if (saved?.version === 'anvil') {
      if (network.name !== this.firstNetwork) return undefined
      const node = await ChainNode.create(options)
      await loadAnvilState(node, saved.state)
      return node
    }
    if (saved?.version === 1) {
      const state = saved.networks.get(network.name)
      return state ? restoreNetwork(state, options, this.path) : undefined
    }
    const entry = saved?.networks.get(network.name)
    if (!entry) return undefined
    const node = await restoreImage(entry.image, entry.common, { ...options, name: network.name }, { source: this.path, verify: this.#verify })
    // Recorded from now on: a block its interval mining makes before the file is open is kept for it.
    this.record(network.name, node)
    return node
  }

  /**
   * Journals every network from now on: the file is opened for appending (a version-2 file from where its whole
   * frames end), or written whole first (a new file, an older version's, networks the file does not hold yet).
   */
  async start(nodes: ReadonlyArray<{ name: string; node: ChainNode }>): Promise<void> {
    this.#nodes = new Map(nodes.map((n) => [n.name, n.node]))
    for (const [name, node] of this.#nodes) if (!this.#recorded.has(name)) this.record(name, node)
    const saved = this.saved
    const inFile = saved?.version === 2 ? saved.networks : undefined
    if (saved?.version === 2 && nodes.every((n) => inFile?.has(n.name))) {
      this.#journal = JournalFile.open(this.path, saved.length)
      if (saved.dropped > 0) this.#warn(`state file ${this.path}: dropped ${saved.dropped} bytes after its last whole change (a write cut short)`)
      // What the restored networks did before the file was open, in the order they did it.
      const early = this.#early.splice(0)
      if (early.length > 0) this.#journal.append(early)
    } else {
      // The journal replaces an Anvil file, which Anvil alone reads: the user's file is kept beside it.
      if (saved?.version === 'anvil') await copyFile(this.path, anvilCopyOf(this.path))
      // Every network is recorded already: what it does while the file is made is in its picture or after it.
      this.#early.length = 0
      await this.writeWhole()
    }
    if (this.#intervalSeconds > 0) {
      this.#timer = setInterval(() => this.rewriteInBackground(), this.#intervalSeconds * 1000)
      this.#timer.unref()
    }
  }

  /** sim_saveState: the file written whole now (after one under way); where and when. */
  async save(): Promise<{ path: string; savedAt: string }> {
    const savedAt = await this.queueRewrite()
    return { path: this.path, savedAt }
  }

  /**
   * Stops journaling (the nodes are closed: no write comes any more) after writing the file whole if anything was
   * appended since. Throws when changes could not be saved at all.
   */
  async close(): Promise<void> {
    clearInterval(this.#timer)
    clearTimeout(this.#retry)
    try {
      await this.#saving.catch(() => undefined)
      if (this.#dirty || this.#broken)
        await this.queueRewrite().catch((error: unknown) => {
          // With every change in the journal, a failed final rewrite costs only a longer restart.
          if (this.#broken) throw error
          this.#warn(`${(error as Error).message}; its journal holds every change`)
        })
    } finally {
      for (const node of this.#nodes.values()) node.recordChanges(undefined)
      this.#recorded.clear()
      this.#journal?.close()
      this.#journal = undefined
    }
  }

  /** Tells the file of each change `node` makes from now on. */
  private record(name: string, node: ChainNode): void {
    this.#recorded.add(name)
    node.recordChanges((change) => this.append(name, changeFrames(name, change)))
  }

  /** Appends one write's frames (called inside the write, before it is answered). */
  private append(network: string, payloads: Uint8Array[]): void {
    const rewriting = this.#rewriting
    if (rewriting?.networks.has(network)) rewriting.tail.push(...payloads)
    if (!this.#journal) {
      // Before the file is open (restored networks start before it): kept for it, unless a first whole file
      // is being written, which pictures them.
      if (!rewriting) this.#early.push(...payloads)
      return
    }
    if (this.#broken) throw this.brokenError()
    try {
      ;(this.#journal as JournalFile).append(payloads)
      this.#dirty = true
    } catch (error) {
      this.#broken = { since: new Date().toISOString(), reason: describe(error) }
      this.retrySoon()
      throw new StateSaveError(
        `state file ${this.path}: cannot be written (${describe(error)}); this change is kept in memory only, and saved once the file can be written again`,
        { cause: error },
      )
    }
  }

  private brokenError(): StateSaveError {
    const broken = this.#broken as { since: string; reason: string }
    this.retrySoon()
    return new StateSaveError(
      `state file ${this.path}: cannot be written since ${broken.since} (${broken.reason}); changes are kept in memory only, and saved once the file can be written again`,
    )
  }

  private retrySoon(): void {
    if (this.#retry) return
    this.#retry = setTimeout(() => {
      this.#retry = undefined
      if (this.#broken) this.rewriteInBackground()
    }, RETRY_MS)
    this.#retry.unref()
  }

  private rewriteInBackground(): void {
    if (!this.#dirty && !this.#broken) return
    const broken = this.#broken
    this.queueRewrite().catch((error: unknown) => {
      // Told once while the file stays unwritable, not at every retry.
      if (!broken || broken !== this.#broken || !this.#warnedBroken) this.#warn((error as Error).message)
      if (this.#broken) {
        this.#warnedBroken = true
        this.retrySoon()
      }
    })
  }

  /** Rewrites the file whole after any rewrite under way; resolves with when. */
  private queueRewrite(): Promise<string> {
    const next = this.#saving.catch(() => undefined).then(() => this.writeWhole())
    this.#saving = next
    return next
  }

  /**
   * Writes the file whole beside it, each network pictured between two of its writes; the frames its writes append
   * meanwhile are added at the end, and the file renamed over the old one at once. On failure the old file stays.
   */
  private async writeWhole(): Promise<string> {
    const savedAt = new Date().toISOString()
    let rewrite: FileRewrite | undefined
    const rewriting = { networks: new Set<string>(), tail: [] as Uint8Array[] }
    try {
      rewrite = await FileRewrite.begin(this.path)
      this.#rewriting = rewriting
      for (const [name, node] of this.#nodes) {
        const image = await node.image(() => rewriting.networks.add(name))
        let batch: Uint8Array[] = []
        for (const payload of imageFrames(name, image)) {
          batch.push(payload)
          if (batch.length < FRAMES_PER_YIELD) continue
          await rewrite.write([framed(batch)])
          batch = []
          // Encoding a long chain takes a while: requests are answered meanwhile.
          await yieldToEvents()
        }
        await rewrite.write([framed(batch)])
      }
      await rewrite.sync()
      // From here to the rename nothing else runs: no write can append in between.
      const length = rewrite.commitNow(rewriting.tail)
      if (this.#journal) this.#journal.adopt(length)
      else this.#journal = JournalFile.open(this.path, length)
      this.#rewriting = undefined
      this.#dirty = false
      if (this.#broken) this.#warn(`state file ${this.path}: written again; every change is saved`)
      this.#broken = undefined
      this.#warnedBroken = false
      await rewrite.close()
      await rewrite.syncFolder().catch(() => undefined)
      await rewrite.removeLeftovers()
      return savedAt
    } catch (error) {
      if (this.#rewriting === rewriting) this.#rewriting = undefined
      await rewrite?.abandon()
      throw new StateSaveError(`state file ${this.path}: cannot be saved (${describe(error)}); the previous file is left as it was`, { cause: error })
    }
  }
}

/** Reads the file at `path`: nothing, an older version's JSON, or version 2's frames read into images. */
async function readSaved(path: string): Promise<Saved | undefined> {
  let bytes: Buffer
  try {
    bytes = await readFile(path)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw new StateFileError(`cannot read state file ${path}: ${describe(error)}`)
  }
  if (bytes.length === 0) return undefined
  const start = bytes.subarray(0, MAGIC.length).toString('latin1')
  if (start !== MAGIC) {
    if (start.startsWith(MAGIC_PREFIX)) {
      const version = start.slice(MAGIC_PREFIX.length).split('\n')[0]
      throw new StateFileError(`state file ${path} has version ${version}; this chainsim reads versions 1 and 2; it is left as it is`)
    }
    // Version 1 (JSON, executed again block by block) or Anvil's state JSON.
    try {
      const json = parseJson(bytes.toString('utf8'), `state file ${path}`)
      if (isAnvilState(json)) return { version: 'anvil', state: parseAnvilState(json, `state file ${path}`) }
      const state = stateFileOf(json, { subject: `state file ${path}`, name: path })
      return { version: 1, networks: new Map(state.networks.map((n) => [n.name, n])) }
    } catch (error) {
      if (!(error instanceof StateFileError)) throw error
      throw new StateFileError(`${error.message}; it is left as it is`, { cause: error })
    }
  }
  const { payloads, length, dropped } = readFrames(bytes)
  const reader = new ImageReader()
  try {
    for (const payload of payloads) reader.read(payload)
    return { version: 2, networks: reader.networks(), length, dropped }
  } catch (error) {
    throw new StateFileError(`state file ${path} is damaged: ${(error as Error).message}; it is left as it is`, { cause: error })
  }
}

/** The networks a saved file holds, with their chain ids. */
function savedNetworks(saved: Saved | undefined): Array<[name: string, chainId: string]> {
  if (!saved || saved.version === 'anvil') return []
  if (saved.version === 1) return [...saved.networks].map(([name, state]) => [name, state.chainId])
  return [...saved.networks].map(([name, { common }]) => [name, common.chainId().toString(10)])
}

/** Where `--state FILE` keeps the Anvil state JSON it started from once its journal replaces it. */
export function anvilCopyOf(path: string): string {
  return `${path}.anvil.json`
}

/** A file system error in a few words: its code and what the system says. */
export function describe(error: unknown): string {
  const e = error as NodeJS.ErrnoException
  if (!e?.message) return String(error)
  // Node words them `ENOSPC: no space left on device, write`: the code and the words are enough.
  const words = e.message.split(', ')[0] as string
  return e.code && !words.startsWith(e.code) ? `${e.code}: ${words}` : words
}
