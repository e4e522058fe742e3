import { createWriteStream } from 'node:fs'
import type { WriteStream } from 'node:fs'
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises'
import { homedir } from 'node:os'
import { join } from 'node:path'
import { ForkStartError } from './errors.ts'
import { DirectoryBlockStore, REPLAY_FOLDERS } from './replayBlockStore.ts'
import type { ReplayBlockStore } from './replayBlockStore.ts'

/** What a cache was made from: the upstream chain, the fork block, and the block as the upstream gave it. */
export interface ForkRecord {
  /** The upstream's chain id, decimal. */
  chainId: string
  /** The fork block's number, decimal. */
  blockNumber: string
  blockHash: string
  /** eth_getBlockByNumber(fork block, false) as the upstream answered it: `--offline` starts from it. */
  block: Record<string, unknown>
  /** The upstream, as shown to people (keys cut down); `--offline` finds its cache by it. */
  upstream: string
  /** Its eth_config answer (EIP-7910), when it answered one: the rules of a chain whose schedule chainsim does not know. */
  config?: unknown
}

/** What the cache holds, by kind; keys and values are the upstream's JSON (hex strings), as fetched. */
export type CacheKind = 'account' | 'code' | 'storage' | 'blockHash' | 'answer'

const RECORD_FILE = 'fork.json'
const ENTRIES_FILE = 'entries.jsonl'

/**
 * The fork's persistent cache: everything fetched from the upstream about the chain up to the fork block,
 * which never changes for a given fork block. One directory per upstream chain id and fork block
 * (`<root>/forks/<chainId>/<block>/`): `fork.json` names the block by hash, `entries.jsonl` appends one line
 * per fetched answer (`[kind, key, value]`), so a second run, or `--offline`, starts where the first left.
 * A line cut short by a crash is skipped when read; two processes may append to one file.
 */
export class ForkCache {
  private readonly entries = new Map<CacheKind, Map<string, unknown>>()
  private writer: WriteStream | undefined

  /**
   * `blocks`: the upstream's blocks after the fork block a replay fetched (default: files in `blocks/` and
   * `receipts/` of the cache's directory). `readOnly`: answers are kept in memory only (a fixture).
   */
  private constructor(
    readonly dir: string,
    readonly record: ForkRecord,
    readonly blocks: ReplayBlockStore = new DirectoryBlockStore(dir),
    private readonly readOnly = false,
  ) {}

  /** A cache that holds what a fixture file holds and writes nothing (src/fork/fixture.ts). */
  static ofFixture(file: string, record: ForkRecord, entries: Iterable<[CacheKind, string, unknown]>, blocks: ReplayBlockStore): ForkCache {
    const cache = new ForkCache(file, record, blocks, true)
    for (const [kind, key, value] of entries) cache.mapOf(kind).set(key, value)
    return cache
  }

  /** `$XDG_CACHE_HOME/chainsim`, else `~/.cache/chainsim`. */
  static defaultRoot(): string {
    const xdg = process.env.XDG_CACHE_HOME
    return join(xdg && xdg.length > 0 ? xdg : join(homedir(), '.cache'), 'chainsim')
  }

  /**
   * Opens the cache of `record`'s chain and block. One made for another block of that number (the upstream
   * reorganized since) is discarded, and `onDiscard` hears of it.
   */
  static async open(root: string, record: ForkRecord, onDiscard: (message: string) => void): Promise<ForkCache> {
    const dir = join(root, 'forks', record.chainId, record.blockNumber)
    const cache = new ForkCache(dir, record)
    try {
      await mkdir(dir, { recursive: true })
      const previous = await readRecord(dir)
      if (previous && previous.blockHash !== record.blockHash) {
        onDiscard(
          `the cache in ${dir} was made for block ${record.blockNumber} ${previous.blockHash}; the upstream's block is now ${record.blockHash}: cache discarded`,
        )
        // Everything kept for the old chain goes, the replay's blocks too: they answer for that chain's block, not this one's.
        await rm(join(dir, ENTRIES_FILE), { force: true })
        for (const folder of REPLAY_FOLDERS) await rm(join(dir, folder), { recursive: true, force: true })
      } else if (previous) {
        await cache.load()
      }
      const temporary = join(dir, `${RECORD_FILE}.${process.pid}.tmp`)
      await writeFile(temporary, JSON.stringify(record, null, 2))
      await rename(temporary, join(dir, RECORD_FILE))
    } catch (error) {
      if (error instanceof ForkStartError) throw error
      throw new ForkStartError(`fork cache ${dir}: ${(error as Error).message}`, { cause: error })
    }
    return cache
  }

  /**
   * `--offline`: the cache this upstream filled for `blockNumber` (any chain id unless given), or without a
   * block number the one it filled last. Refused, naming what was looked for, when there is none.
   */
  static async find(root: string, wanted: { upstream: string; chainId?: bigint; blockNumber?: bigint }): Promise<ForkCache> {
    const forks = join(root, 'forks')
    const candidates: Array<{ dir: string; record: ForkRecord; used: number }> = []
    for (const chainId of await listDir(forks)) {
      if (wanted.chainId !== undefined && chainId !== wanted.chainId.toString(10)) continue
      for (const block of await listDir(join(forks, chainId))) {
        if (wanted.blockNumber !== undefined && block !== wanted.blockNumber.toString(10)) continue
        const dir = join(forks, chainId, block)
        const record = await readRecord(dir)
        if (!record || record.upstream !== wanted.upstream) continue
        const used = (await stat(join(dir, ENTRIES_FILE)).catch(() => stat(join(dir, RECORD_FILE)))).mtimeMs
        candidates.push({ dir, record, used })
      }
    }
    const found = candidates.sort((a, b) => b.used - a.used)[0]
    if (!found) {
      const block = wanted.blockNumber === undefined ? '' : ` at block ${wanted.blockNumber}`
      throw new ForkStartError(`--offline: no fork cache of ${wanted.upstream}${block} under ${forks}; run once without --offline to fill it`)
    }
    const cache = new ForkCache(found.dir, found.record)
    await cache.load()
    return cache
  }

  get<T>(kind: CacheKind, key: string): T | undefined {
    return this.entries.get(kind)?.get(key) as T | undefined
  }

  has(kind: CacheKind, key: string): boolean {
    return this.entries.get(kind)?.has(key) ?? false
  }

  /** Keeps an answer in memory and appends it to the file. */
  put(kind: CacheKind, key: string, value: unknown): void {
    this.mapOf(kind).set(key, value)
    if (this.readOnly) return
    this.writer ??= createWriteStream(join(this.dir, ENTRIES_FILE), { flags: 'a' }).on('error', (error) => {
      // A full or read-only disk loses the cache's future, not the fork: answers stay in memory.
      console.error(`chainsim: fork cache ${this.dir}: ${error.message}`)
      this.writer = undefined
    })
    this.writer.write(`${JSON.stringify([kind, key, value])}\n`)
  }

  /** Entries held, by kind (what `--offline` has to play from). */
  get size(): Record<CacheKind, number> {
    const count = (kind: CacheKind) => this.entries.get(kind)?.size ?? 0
    return { account: count('account'), code: count('code'), storage: count('storage'), blockHash: count('blockHash'), answer: count('answer') }
  }

  /** Every entry held, kind by kind (what a fixture packs). */
  *allEntries(): Generator<[CacheKind, string, unknown]> {
    for (const [kind, map] of this.entries) for (const [key, value] of map) yield [kind, key, value]
  }

  /** Writes out what is still buffered. */
  close(): Promise<void> {
    const writer = this.writer
    this.writer = undefined
    if (!writer) return Promise.resolve()
    return new Promise((resolve) => writer.end(resolve))
  }

  private mapOf(kind: CacheKind): Map<string, unknown> {
    let map = this.entries.get(kind)
    if (!map) this.entries.set(kind, (map = new Map()))
    return map
  }

  private async load(): Promise<void> {
    const text = await readFile(join(this.dir, ENTRIES_FILE), 'utf8').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return ''
      throw error
    })
    for (const line of text.split('\n')) {
      if (line.length === 0) continue
      let entry: unknown
      try {
        entry = JSON.parse(line)
      } catch {
        continue
      }
      if (isCacheEntry(entry)) this.mapOf(entry[0]).set(entry[1], entry[2])
    }
  }
}

const KINDS: ReadonlySet<unknown> = new Set<CacheKind>(['account', 'code', 'storage', 'blockHash', 'answer'])

/** One line of a cache or fixture file: `[kind, key, value]`. */
export function isCacheEntry(entry: unknown): entry is [CacheKind, string, unknown] {
  return Array.isArray(entry) && entry.length === 3 && KINDS.has(entry[0]) && typeof entry[1] === 'string'
}

async function readRecord(dir: string): Promise<ForkRecord | undefined> {
  let text: string
  try {
    text = await readFile(join(dir, RECORD_FILE), 'utf8')
  } catch {
    return undefined
  }
  try {
    const record = JSON.parse(text) as ForkRecord
    return typeof record.blockHash === 'string' && typeof record.upstream === 'string' && record.block ? record : undefined
  } catch {
    return undefined
  }
}

async function listDir(dir: string): Promise<string[]> {
  return readdir(dir).catch(() => [])
}
