import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The explorer page's script and style sheet, bundled for browsers. */
export interface ExplorerAssets {
  script: string
  style: string
}

/**
 * The page as the package build bundled it (scripts/build-package.ts defines this name in dist/): an installed
 * package ships neither the page's sources nor esbuild. Not defined when chainsim runs from its sources.
 */
declare const CHAINSIM_EXPLORER_ASSETS: ExplorerAssets

let bundled: Promise<ExplorerAssets> | undefined
/** Whether this process started esbuild's service for the page (a cached bundle needs none). */
let bundlerStarted = false

/**
 * The page's script and style sheet. Running from the sources, they are bundled (src/explorer/ui, Preact) with
 * esbuild when the page's sources changed (kept in .cache/), and read once per process: there is no build step, as
 * for the CLI itself (src/bin/chainsim.mjs).
 * `chainsim serve` starts it at launch, so the first page load does not wait; a library server bundles on the
 * first request for /ui/. An installed package answers what its build bundled.
 */
export function explorerAssets(): Promise<ExplorerAssets> {
  if (typeof CHAINSIM_EXPLORER_ASSETS !== 'undefined') return Promise.resolve(CHAINSIM_EXPLORER_ASSETS)
  bundled ??= bundleOnce().catch((error: unknown) => {
    bundled = undefined
    throw error
  })
  return bundled
}

/**
 * Stops esbuild's service process (~17 MB) once the page is bundled, in a process where nothing else uses
 * esbuild (the CLI: its launcher stops its own); a test process shares the service with its runner. An
 * installed package bundled nothing, nor did a process that read the page from .cache/: no esbuild to stop.
 */
export async function releaseBundler(): Promise<void> {
  if (typeof CHAINSIM_EXPLORER_ASSETS !== 'undefined' || !bundlerStarted) return
  const { stop } = await import('esbuild')
  await stop()
}

/**
 * The page bundled from the sources, kept in the checkout's .cache/ beside the CLI's bundle under a digest of the
 * page's sources: a later chainsim reads it instead of starting esbuild. Where .cache/ cannot be written, the
 * bundle is made in memory each time.
 */
async function bundleOnce(): Promise<ExplorerAssets> {
  const root = packageRoot()
  const file = join(root, '.cache', `explorer-${sourcesDigest(join(root, 'src', 'explorer', 'ui'))}.json`)
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as ExplorerAssets
  } catch {}
  bundlerStarted = true
  const assets = await bundleExplorer()
  try {
    mkdirSync(dirname(file), { recursive: true })
    const temporary = `${file}.${process.pid}.tmp`
    writeFileSync(temporary, JSON.stringify(assets))
    renameSync(temporary, file)
  } catch {}
  return assets
}

/** A digest of every file's path, size and modification time under `dir`. */
function sourcesDigest(dir: string): string {
  const hash = createHash('sha1')
  const visit = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const path = join(folder, entry.name)
      if (entry.isDirectory()) visit(path)
      else {
        const { size, mtimeMs } = statSync(path)
        hash.update(`${path}\0${size}\0${mtimeMs}\n`)
      }
    }
  }
  visit(dir)
  return hash.digest('hex').slice(0, 16)
}

/** Bundles the page from its sources with esbuild (a development dependency): at run time, or for the package. */
export async function bundleExplorer(): Promise<ExplorerAssets> {
  const { build } = await import('esbuild')
  const result = await build({
    entryPoints: ['main.tsx', 'styles.css'].map((file) => join(packageRoot(), 'src', 'explorer', 'ui', file)),
    bundle: true,
    write: false,
    outdir: 'explorer',
    format: 'iife',
    platform: 'browser',
    target: 'es2020',
    jsx: 'automatic',
    jsxImportSource: 'preact',
    minify: true,
    legalComments: 'none',
    logLevel: 'silent',
  })
  const file = (extension: string) => result.outputFiles.find((f) => f.path.endsWith(extension))?.text ?? ''
  return { script: file('.js'), style: file('.css') }
}

/**
 * The chainsim checkout's folder: where the UI sources are, whether this module runs from src/ (tsx, tests) or
 * from the CLI's bundle in .cache/.
 */
function packageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url))
  for (;;) {
    const manifest = join(dir, 'package.json')
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === 'chainsim') return dir
    const parent = dirname(dir)
    if (parent === dir) throw new Error('chainsim: cannot find the package folder to bundle the explorer from')
    dir = parent
  }
}
