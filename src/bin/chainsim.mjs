#!/usr/bin/env node
// The `chainsim` command. An installed package runs the CLI built when it was packed (dist/cli.js; the
// package ships no sources). A checkout runs its sources with no build step: at launch, esbuild bundles the
// CLI into one module (.cache/chainsim.mjs, rewritten only when the sources changed), which Node then runs.
// Running the sources through tsx's loader instead works too, and is the fallback when the bundle cannot be
// made (no write access), but the loader thread and the transformed sources it keeps cost ~45 MiB of memory
// and a second of start-up.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..')

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

await import(await entry())
