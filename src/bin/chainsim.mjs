#!/usr/bin/env node
// chainsim is written in TypeScript and needs no build step: at launch, esbuild bundles the CLI into
// one module (dist/chainsim.mjs, rewritten only when the sources changed), which Node then runs.
// Running the sources through tsx's loader instead works too, and is the fallback when the bundle
// cannot be made (no write access), but the loader thread and the transformed sources it keeps
// cost ~45 MiB of memory and a second of start-up.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..')

/** Bundles src/cli.ts into dist/ (dependencies stay imports); returns the module's path. */
async function bundle() {
  const { build, stop } = await import('esbuild')
  const out = join(root, 'dist', 'chainsim.mjs')
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

let entry
try {
  entry = pathToFileURL(await bundle()).href
} catch (error) {
  const reason = (error?.errors?.[0]?.text ?? error?.message ?? String(error)).split('\n')[0]
  process.stderr.write(`chainsim: running through tsx (slower start, more memory): could not bundle: ${reason}\n`)
  const { register } = await import('tsx/esm/api')
  register()
  entry = '../cli.ts'
}
await import(entry)
