import { existsSync, readFileSync } from 'node:fs'
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

/**
 * The page's script and style sheet. Running from the sources, they are bundled (src/explorer/ui, Preact) with
 * esbuild once per process, in memory: there is no build step, as for the CLI itself (src/bin/chainsim.mjs).
 * `chainsim serve` starts it at launch, so the first page load does not wait; a library server bundles on the
 * first request for /ui/. An installed package answers what its build bundled.
 */
export function explorerAssets(): Promise<ExplorerAssets> {
  if (typeof CHAINSIM_EXPLORER_ASSETS !== 'undefined') return Promise.resolve(CHAINSIM_EXPLORER_ASSETS)
  bundled ??= bundleExplorer().catch((error: unknown) => {
    bundled = undefined
    throw error
  })
  return bundled
}

/**
 * Stops esbuild's service process (~17 MB) once the page is bundled, in a process where nothing else uses
 * esbuild (the CLI: its launcher stops its own); a test process shares the service with its runner. An
 * installed package bundled nothing, and has no esbuild to stop.
 */
export async function releaseBundler(): Promise<void> {
  if (typeof CHAINSIM_EXPLORER_ASSETS !== 'undefined') return
  const { stop } = await import('esbuild')
  await stop()
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
