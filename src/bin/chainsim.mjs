#!/usr/bin/env node
// The `chainsim` command. An installed package runs the CLI built when it was packed (dist/cli.js; the
// package ships no sources). A checkout runs its sources with no build step: at launch, esbuild bundles the
// CLI into one module (.cache/chainsim.mjs, rewritten only when the sources changed), which Node then runs.
// Running the sources through tsx's loader instead works too, and is the fallback when the bundle cannot be
// made (no write access), but the loader thread and the transformed sources it keeps cost ~45 MiB of memory
// and a second of start-up.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
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

/** Bundles src/cli.ts into .cache/ (dependencies stay imports); returns the module's path. */
async function bundle() {
  const { build, stop } = await import('esbuild')
  // One folder below the root, as dist/ and src/ are: src/version.ts reads ../package.json.
  const out = join(root, '.cache', 'chainsim.mjs')
  // esbuild's service process is not needed past this build, whatever its outcome.
  const { outputFiles } = await build({
    entryPoints: [join(root, 'src', 'cli.ts')],
    outfile: out,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    write: false,
    logLevel: 'silent',
  }).finally(stop)
  mkdirSync(dirname(out), { recursive: true })
  for (const file of outputFiles) {
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
  return out
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

if (process.argv[2] === 'serve') capYoungGeneration()
await import(await entry())
