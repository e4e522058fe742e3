import { readFile, rename, writeFile } from 'node:fs/promises'
import { gunzipSync, gzipSync } from 'node:zlib'
import { ForkStartError } from './errors.ts'
import { ForkCache, isCacheEntry } from './forkCache.ts'
import type { CacheKind, ForkRecord } from './forkCache.ts'
import { MemoryBlockStore } from './replayBlockStore.ts'
import type { ReplayEntryKind } from './replayBlockStore.ts'

/** The format's version, on the first line: a reader refuses another. */
const FORMAT = 1

/** A fixture's first line: what it is, the fork it was made from, and the replayed range it holds. */
interface FixtureHead {
  chainsimFixture: number
  fork: ForkRecord
  replay: { from: string; to: string }
}

/**
 * Packs what a forked network needs to replay blocks `from`..`to` offline into one file a repository can
 * commit: the fork block, every answer of the fork cache (state read at the fork block, history), and the
 * upstream's blocks of the range with the receipts held. JSON lines, the first describing the rest; gzip'd when
 * the name ends in `.gz`. Written whole (a temporary file renamed). Returns its size in bytes.
 */
export async function writeFixture(cache: ForkCache, from: bigint, to: bigint, file: string): Promise<number> {
  const head: FixtureHead = { chainsimFixture: FORMAT, fork: cache.record, replay: { from: from.toString(10), to: to.toString(10) } }
  const lines = [JSON.stringify(head)]
  for (const entry of cache.allEntries()) lines.push(JSON.stringify(entry))
  for (const kind of ['block', 'receipts'] as const) {
    for (const number of await cache.blocks.numbers(kind)) {
      if (number < from || number > to) continue
      const value = await cache.blocks.get(kind, number)
      if (value !== undefined) lines.push(`${JSON.stringify([kind, number.toString(10)]).slice(0, -1)},${JSON.stringify(value)}]`)
    }
  }
  const text = `${lines.join('\n')}\n`
  const bytes = file.endsWith('.gz') ? gzipSync(text, { level: 9 }) : Buffer.from(text)
  const temporary = `${file}.${process.pid}.tmp`
  await writeFile(temporary, bytes)
  await rename(temporary, file)
  return bytes.length
}

/** A fixture file as a fork cache that writes nothing; refused, naming the file and line, when it is not one. */
export async function loadFixture(file: string): Promise<ForkCache> {
  let bytes: Buffer
  try {
    bytes = await readFile(file)
  } catch (error) {
    throw new ForkStartError(`fixture ${file}: ${(error as Error).message}`)
  }
  let text: string
  try {
    text = (bytes[0] === 0x1f && bytes[1] === 0x8b ? gunzipSync(bytes) : bytes).toString('utf8')
  } catch (error) {
    throw new ForkStartError(`fixture ${file}: not a gzip file chainsim can read (${(error as Error).message})`)
  }
  const lines = text.split('\n')
  const head = parseHead(file, lines[0] ?? '')
  const entries: Array<[CacheKind, string, unknown]> = []
  const blocks = new MemoryBlockStore()
  for (const [index, line] of lines.entries()) {
    if (index === 0 || line.length === 0) continue
    // A block's JSON is kept as text until the replay reads it: a fixture's blocks are most of it.
    const block = /^\["(block|receipts)","(\d+)",/.exec(line)
    if (block) {
      blocks.hold(block[1] as ReplayEntryKind, BigInt(block[2] as string), line.slice(block[0].length, -1))
      continue
    }
    let entry: unknown
    try {
      entry = JSON.parse(line)
    } catch {
      throw new ForkStartError(`fixture ${file}, line ${index + 1}: not JSON`)
    }
    if (!isCacheEntry(entry)) throw new ForkStartError(`fixture ${file}, line ${index + 1}: not a fixture entry [kind, key, value]`)
    entries.push(entry)
  }
  return ForkCache.ofFixture(file, head.fork, entries, blocks)
}

function parseHead(file: string, line: string): FixtureHead {
  let head: Partial<FixtureHead>
  try {
    head = JSON.parse(line) as Partial<FixtureHead>
  } catch {
    throw new ForkStartError(`fixture ${file}: its first line is not JSON; is it a file chainsim fixture wrote?`)
  }
  if (head.chainsimFixture !== FORMAT) {
    throw new ForkStartError(`fixture ${file}: not a chainsim fixture of format ${FORMAT} (its first line says ${JSON.stringify(head.chainsimFixture)})`)
  }
  const fork = head.fork
  if (!fork || typeof fork.blockHash !== 'string' || typeof fork.chainId !== 'string' || !fork.block || typeof fork.upstream !== 'string') {
    throw new ForkStartError(`fixture ${file}: its first line does not describe the fork block`)
  }
  return head as FixtureHead
}
