import { ShardError } from './errors.ts'

/** `--shard I/N`: the I-th (1-based) of N slices of the files. */
export interface Shard {
  index: number
  count: number
}

export function parseShard(text: string): Shard {
  const match = /^(\d+)\/(\d+)$/.exec(text.trim())
  const index = Number(match?.[1])
  const count = Number(match?.[2])
  if (!match || count < 1 || index < 1 || index > count) {
    throw new ShardError(`--shard ${text}: expected I/N with 1 ≤ I ≤ N, such as 1/4`)
  }
  return { index, count }
}

/**
 * The files of one shard. A file's place in the files sorted by path, modulo N, decides its shard, so that
 * every machine of a CI matrix given the same files (in whatever order a shell listed them) takes its own
 * slice and together they take each file once; the shard's files keep the order they were given in.
 */
export function filesOfShard(files: readonly string[], shard: Shard): string[] {
  const sorted = [...new Set(files)].sort()
  const mine = new Set(sorted.filter((_, place) => place % shard.count === shard.index - 1))
  return files.filter((file, i) => mine.has(file) && files.indexOf(file) === i)
}
