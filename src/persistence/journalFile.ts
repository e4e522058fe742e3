import { closeSync, fsyncSync, ftruncateSync, openSync, renameSync, writeSync } from 'node:fs'
import { open, readdir, unlink } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import { crc32 } from 'node:zlib'

/**
 * The bytes of a state file of version 2: this line, then frames. A frame is its payload's length and CRC-32 (each
 * a big-endian u32) and the payload. A file is written whole (atomically: beside it, flushed to disk, renamed over
 * it), then grows by frames appended at the end, each with one write(2) before the change it holds is answered.
 * A frame cut short or damaged (a process killed in the middle of a write, a machine that lost power) ends the file:
 * what comes before it is read, it and what follows are dropped.
 */
export const MAGIC = 'chainsim-state v2\n'
const MAGIC_BYTES = Buffer.from(MAGIC, 'latin1')
/** What every version's first line starts with (version 1 was JSON, `{`). */
export const MAGIC_PREFIX = 'chainsim-state v'
const HEADER = 8
/** A frame larger than this is damage, not a frame. */
const MAX_FRAME = 1 << 30

/** The frames read from a state file of version 2, and where its whole frames end. */
export interface ReadFrames {
  payloads: Uint8Array[]
  /** Bytes of the file up to the end of its last whole frame: appending starts there. */
  length: number
  /** Bytes after that: a frame cut short or damaged, dropped. */
  dropped: number
}

/** Splits a version-2 file's bytes (which start with {@link MAGIC}) into its frames' payloads. */
export function readFrames(bytes: Uint8Array): ReadFrames {
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length)
  const payloads: Uint8Array[] = []
  let at = MAGIC_BYTES.length
  while (at + HEADER <= view.length) {
    const size = view.readUInt32BE(at)
    const sum = view.readUInt32BE(at + 4)
    if (size > MAX_FRAME || at + HEADER + size > view.length) break
    // A plain view, not a Buffer: decoding takes thousands of views of it, and Buffer's subarray costs more.
    const payload = new Uint8Array(view.buffer, view.byteOffset + at + HEADER, size)
    if (crc32(payload) !== sum) break
    payloads.push(payload)
    at += HEADER + size
  }
  return { payloads, length: at, dropped: view.length - at }
}

/** `payloads` as frames, in one buffer (what one append writes). */
export function framed(payloads: readonly Uint8Array[]): Buffer {
  let size = 0
  for (const payload of payloads) size += HEADER + payload.length
  const out = Buffer.allocUnsafe(size)
  let at = 0
  for (const payload of payloads) {
    out.writeUInt32BE(payload.length, at)
    out.writeUInt32BE(crc32(payload), at + 4)
    out.set(payload, at + HEADER)
    at += HEADER + payload.length
  }
  return out
}

/** Writes all of `bytes` at `position` (write(2) may write less than asked). */
function writeAll(fd: number, bytes: Uint8Array, position: number): void {
  let written = 0
  while (written < bytes.length) written += writeSync(fd, bytes, written, bytes.length - written, position + written)
}

/**
 * A state file open for appending frames. Appends are synchronous: a write(2) into the operating system's cache,
 * which a killed process cannot lose; nothing is flushed to the disk but by {@link FileRewrite}.
 */
export class JournalFile {
  private constructor(
    readonly path: string,
    private fd: number,
    private length: number,
  ) {}

  /** The file at `path`, whose whole frames end at `length`: anything after it is cut off. */
  static open(path: string, length: number): JournalFile {
    const fd = openSync(path, 'r+')
    try {
      ftruncateSync(fd, length)
    } catch (error) {
      closeSync(fd)
      throw error
    }
    return new JournalFile(path, fd, length)
  }

  /** Bytes in the file. */
  get size(): number {
    return this.length
  }

  /** Appends `payloads` as frames with one write; a failed append leaves the file as it was (as far as it can). */
  append(payloads: readonly Uint8Array[]): void {
    const bytes = framed(payloads)
    try {
      writeAll(this.fd, bytes, this.length)
    } catch (error) {
      try {
        ftruncateSync(this.fd, this.length)
      } catch {}
      throw error
    }
    this.length += bytes.length
  }

  /** Appends from now on to the file a rewrite just renamed over the path, `length` bytes long; the old one is let go. */
  adopt(length: number): void {
    const fd = openSync(this.path, 'r+')
    const old = this.fd
    this.fd = fd
    this.length = length
    closeSync(old)
  }

  close(): void {
    closeSync(this.fd)
  }
}

/**
 * A whole state file being written beside its path (`.NAME.PID.tmp`): frames are written as they come, then
 * `commit` flushes it to disk and renames it over the path, all at once; `abandon` deletes it. Until the rename the
 * file at the path is whole and untouched.
 */
export class FileRewrite {
  private length = 0

  private constructor(
    readonly path: string,
    readonly temporary: string,
    private readonly file: Awaited<ReturnType<typeof open>>,
  ) {}

  static async begin(path: string): Promise<FileRewrite> {
    const temporary = join(dirname(path), `.${basename(path)}.${process.pid}.tmp`)
    const file = await open(temporary, 'w')
    const rewrite = new FileRewrite(path, temporary, file)
    await rewrite.write([MAGIC_BYTES])
    return rewrite
  }

  /** Appends bytes (already framed, or the first line). */
  async write(chunks: readonly Uint8Array[]): Promise<void> {
    for (const chunk of chunks) {
      let written = 0
      while (written < chunk.length) {
        const { bytesWritten } = await this.file.write(chunk, written, chunk.length - written, this.length + written)
        written += bytesWritten
      }
      this.length += chunk.length
    }
  }

  /** Flushes what was written so far to the disk. */
  async sync(): Promise<void> {
    await this.file.sync()
  }

  /**
   * Appends the last frames (`tail`, synchronously: nothing may be appended to the old file meanwhile), flushes,
   * and renames the file over the path. Returns its length; `close` it after.
   */
  commitNow(tail: readonly Uint8Array[]): number {
    const { fd } = this.file
    const bytes = framed(tail)
    writeAll(fd, bytes, this.length)
    this.length += bytes.length
    fsyncSync(fd)
    renameSync(this.temporary, this.path)
    return this.length
  }

  async close(): Promise<void> {
    await this.file.close()
  }

  /** Flushes the folder, so that the rename itself is on the disk. */
  async syncFolder(): Promise<void> {
    const folder = await open(dirname(this.path), 'r')
    try {
      await folder.sync()
    } finally {
      await folder.close()
    }
  }

  /** Deletes what rewrites of other processes left beside the file when they were killed half-way. */
  async removeLeftovers(): Promise<void> {
    const name = basename(this.path)
    const leftover = (entry: string) => entry.startsWith(`.${name}.`) && entry.endsWith('.tmp') && /^\d+$/.test(entry.slice(name.length + 2, -4))
    for (const entry of await readdir(dirname(this.path)).catch(() => [] as string[])) {
      if (leftover(entry) && join(dirname(this.path), entry) !== this.temporary) await unlink(join(dirname(this.path), entry)).catch(() => undefined)
    }
  }

  async abandon(): Promise<void> {
    await this.file.close().catch(() => undefined)
    await unlink(this.temporary).catch(() => undefined)
  }
}
