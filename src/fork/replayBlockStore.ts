import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

/** What a replay keeps of the upstream's blocks after the fork block: each block, and the receipts asked for to explain a mismatch. */
export type ReplayEntryKind = 'block' | 'receipts'

/**
 * The upstream's blocks after the fork block that a replay fetched, kept for good (at a fixed fork block, a
 * replayed range does not change; a reorganized upstream is caught by the parent-hash check). Blocks are large
 * and read once each, so they are not held in memory: a directory keeps one file per block, a fixture holds
 * their text until it is read.
 */
export interface ReplayBlockStore {
  get(kind: ReplayEntryKind, number: bigint): Promise<unknown>
  put(kind: ReplayEntryKind, number: bigint, value: unknown): Promise<void>
  /** The numbers held of `kind`, ascending. */
  numbers(kind: ReplayEntryKind): Promise<bigint[]>
}

const FOLDERS: Record<ReplayEntryKind, string> = { block: 'blocks', receipts: 'receipts' }

/** The folders a {@link DirectoryBlockStore} keeps in its cache dir (discarded with the cache). */
export const REPLAY_FOLDERS: readonly string[] = Object.values(FOLDERS)

/** `<cache dir>/blocks/<n>.json` and `<cache dir>/receipts/<n>.json`, each written whole (a temporary file renamed). */
export class DirectoryBlockStore implements ReplayBlockStore {
  constructor(private readonly dir: string) {}

  async get(kind: ReplayEntryKind, number: bigint): Promise<unknown> {
    let text: string
    try {
      text = await readFile(this.path(kind, number), 'utf8')
    } catch {
      return undefined
    }
    try {
      return JSON.parse(text)
    } catch {
      // A file cut short (a disk that filled up) is no entry: the block is fetched again.
      return undefined
    }
  }

  async put(kind: ReplayEntryKind, number: bigint, value: unknown): Promise<void> {
    const folder = join(this.dir, FOLDERS[kind])
    try {
      await mkdir(folder, { recursive: true })
      const temporary = `${this.path(kind, number)}.${process.pid}.tmp`
      await writeFile(temporary, JSON.stringify(value))
      await rename(temporary, this.path(kind, number))
    } catch (error) {
      // A full or read-only disk loses the cache's future, not the replay.
      console.error(`chainsim: fork cache ${this.dir}: ${(error as Error).message}`)
    }
  }

  async numbers(kind: ReplayEntryKind): Promise<bigint[]> {
    const names = await readdir(join(this.dir, FOLDERS[kind])).catch(() => [] as string[])
    return names.flatMap((name) => (/^\d+\.json$/.test(name) ? [BigInt(name.slice(0, -5))] : [])).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
  }

  private path(kind: ReplayEntryKind, number: bigint): string {
    return join(this.dir, FOLDERS[kind], `${number}.json`)
  }
}

/** A fixture's blocks: their JSON text, parsed when read; nothing is written to a fixture. */
export class MemoryBlockStore implements ReplayBlockStore {
  private readonly texts = new Map<string, string>()

  /** Holds `text` (JSON) as the entry of `kind` at `number`. */
  hold(kind: ReplayEntryKind, number: bigint, text: string): void {
    this.texts.set(`${kind} ${number}`, text)
  }

  async get(kind: ReplayEntryKind, number: bigint): Promise<unknown> {
    const text = this.texts.get(`${kind} ${number}`)
    return text === undefined ? undefined : JSON.parse(text)
  }

  async put(): Promise<void> {}

  async numbers(kind: ReplayEntryKind): Promise<bigint[]> {
    return [...this.texts.keys()]
      .flatMap((key) => (key.startsWith(`${kind} `) ? [BigInt(key.slice(kind.length + 1))] : []))
      .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
  }
}
