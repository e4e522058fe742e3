#!/usr/bin/env node
// The `chainsim` command. An installed package runs the CLI built when it was packed (dist/cli.js; the
// package ships no sources). A checkout runs its sources with no build step: at launch, esbuild bundles the
// CLI into one module (.cache/chainsim.mjs, rewritten only when the sources changed), which Node then runs.
// Running the sources through tsx's loader instead works too, and is the fallback when the bundle cannot be
// made (no write access), but the loader thread and the transformed sources it keeps cost ~45 MiB of memory
// and a second of start-up.
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import module from 'node:module'
import { PerformanceObserver } from 'node:perf_hooks'
import { fileURLToPath, pathToFileURL } from 'node:url'
import v8 from 'node:v8'

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..')

/** The young generation a served chain keeps: two semi-spaces of 8 MiB (V8's default grows them to 16 MiB). */
const YOUNG_GENERATION_BYTES = 16 * 2 ** 20

/**
 * Caps V8's young generation for `serve`, a process left running for hours. V8 doubles it from 2 MiB to
 * 32 MiB as soon as start-up allocates, and every page of it stays resident: measured on this machine, an
 * idle `serve` held ~140 MiB with the default and ~120 MiB with 8 MiB, a served chain of 210,000 logs
 * ~208 and ~185. 8 MiB cost ~15% of the rate of automined transfers over HTTP (more frequent scavenges);
 * 16 MiB measured as fast as the default within noise, ~15 MiB under it. `--max-semi-space-size` says as much, but only on Node's command line (it is read once,
 * as the heap is made); the growth factor is read at each growth, so it is set to 1 (no more growth) once
 * the young generation has reached the cap, from the first collection that finds it there. Installed
 * before anything else loads, as start-up is when it grows. A `--max-semi-space-size` given to Node wins.
 */
function capYoungGeneration() {
  const given = `${process.execArgv.join(' ')} ${process.env.NODE_OPTIONS ?? ''}`
  if (given.includes('--max-semi-space-size') || given.includes('--semi-space-growth-factor')) return
  let growing = true
  new PerformanceObserver(() => {
    const size = v8.getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')?.space_size ?? 0
    const grow = size < YOUNG_GENERATION_BYTES
    if (grow === growing) return
    growing = grow
    v8.setFlagsFromString(`--semi-space-growth-factor=${grow ? 2 : 1}`)
  }).observe({ entryTypes: ['gc'] })
}

/** Where the checkout's bundle goes: one folder below the root, as dist/ and src/ are (src/version.ts reads ../package.json). */
const CACHE = join(root, '.cache')
const ENTRY = join(CACHE, 'chainsim.mjs')
const STAMP = join(CACHE, 'sources.txt')
/** Chunks no build refers to any more are deleted once this old (a chainsim started before may still load them). */
const STALE_CHUNK_MS = 60 * 60 * 1000

/** A digest of every source file's path, size and modification time, and package.json's: what the bundle is made from. */
function sourcesStamp() {
  const hash = createHash('sha1')
  const visit = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) visit(path)
      else {
        const { size, mtimeMs } = statSync(path)
        hash.update(`${path}\0${size}\0${mtimeMs}\n`)
      }
    }
  }
  visit(join(root, 'src'))
  const { size, mtimeMs } = statSync(join(root, 'package.json'))
  hash.update(`package.json\0${size}\0${mtimeMs}\n`)
  return hash.digest('hex')
}

/**
 * Bundles src/cli.ts into .cache/ (dependencies stay imports) unless the sources are those it was last made from;
 * returns the entry module's path. Each command's modules are chunks of their own, loaded when the command runs.
 */
async function bundle() {
  const stamp = sourcesStamp()
  let made
  try {
    made = readFileSync(STAMP, 'utf8')
  } catch {}
  if (made === stamp && existsSync(ENTRY)) return ENTRY
  const [{ build, stop }, { bundleOptions }] = await Promise.all([import('esbuild'), import('../../scripts/bundle.mjs')])
  // esbuild's service process is not needed past this build, whatever its outcome.
  const { outputFiles } = await build({
    ...bundleOptions,
    entryPoints: { chainsim: join(root, 'src', 'cli.ts') },
    outdir: CACHE,
    outExtension: { '.js': '.mjs' },
    sourcemap: 'linked',
    write: false,
    logLevel: 'silent',
  }).finally(stop)
  mkdirSync(CACHE, { recursive: true })
  // Chunks first, the entry last: a chainsim starting meanwhile finds every chunk the entry it reads names.
  const ordered = [...outputFiles].sort((a, b) => Number(a.path.startsWith(ENTRY)) - Number(b.path.startsWith(ENTRY)))
  for (const file of ordered) {
    let current
    try {
      current = readFileSync(file.path)
    } catch {}
    if (current?.equals(file.contents)) continue
    // Written aside, then renamed: a chainsim starting meanwhile reads the old file or the new, whole.
    const temporary = `${file.path}.${process.pid}.tmp`
    writeFileSync(temporary, file.contents)
    renameSync(temporary, file.path)
  }
  const written = new Set(outputFiles.map((file) => file.path))
  for (const name of readdirSync(CACHE)) {
    const path = join(CACHE, name)
    if (!name.startsWith('chunk-') || written.has(path)) continue
    try {
      if (Date.now() - statSync(path).mtimeMs > STALE_CHUNK_MS) unlinkSync(path)
    } catch {}
  }
  const temporary = `${STAMP}.${process.pid}.tmp`
  writeFileSync(temporary, stamp)
  renameSync(temporary, STAMP)
  return ENTRY
}

/** What to run: the built CLI in an installed package, else the sources, bundled or through tsx. */
async function entry() {
  if (!existsSync(join(root, 'src', 'cli.ts'))) return '../../dist/cli.js'
  try {
    return pathToFileURL(await bundle()).href
  } catch (error) {
    const reason = (error?.errors?.[0]?.text ?? error?.message ?? String(error)).split('\n')[0]
    process.stderr.write(`chainsim: running through tsx (slower start, more memory): could not bundle: ${reason}\n`)
    const { register } = await import('tsx/esm/api')
    register()
    return '../cli.ts'
  }
}

/**
 * ethereumjs makes a `debug` logger for every trie, state manager and EVM it constructs (tries are made per
 * block and per storage account), and the `debug` package decides each logger's colours by asking whether
 * stderr is a terminal: a system call per trie, ~2% of a served chain's time under a test suite. Its
 * environment setting answers the question instead; chainsim's loggers never print unless DEBUG names them.
 */
process.env.DEBUG_COLORS ??= 'no'

/** `chainsim --version` answers from package.json alone, as fast as Node starts. */
function printVersionIfAsked() {
  const args = process.argv.slice(2)
  if (args.length !== 1 || (args[0] !== '--version' && args[0] !== '-V')) return false
  process.stdout.write(`${JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version}\n`)
  return true
}

if (!printVersionIfAsked()) {
  if (process.argv[2] === 'serve') capYoungGeneration()
  // Node 22 keeps the compiled code of the modules it loads between runs (Node 20 has no such cache).
  module.enableCompileCache?.()
  await import(await entry())
}
