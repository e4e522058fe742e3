import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The explorer page's script and style sheet, bundled for browsers. */
export interface ExplorerAssets {
  script: string
  style: string
}

let bundled: Promise<ExplorerAssets> | undefined

/**
 * Bundles the explorer (src/explorer/ui, Preact) with esbuild, once per process, in memory: there is no build
 * step, as for the CLI itself (src/bin/chainsim.mjs). `chainsim serve` starts it at launch, so the first page
 * load does not wait; a library server bundles on the first request for /ui/.
 */
export function explorerAssets(): Promise<ExplorerAssets> {
  bundled ??= bundle().catch((error: unknown) => {
    bundled = undefined
    throw error
  })
  return bundled
}

/**
 * Stops esbuild's service process (~17 MB) once the page is bundled, in a process where nothing else uses
 * esbuild (the CLI: its launcher stops its own); a test process shares the service with its runner.
 */
export async function releaseBundler(): Promise<void> {
  const { stop } = await import('esbuild')
  await stop()
}

async function bundle(): Promise<ExplorerAssets> {
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
 * The chainsim package's folder: where the UI sources are, whether this module runs from src/ (tsx, tests) or
 * from the CLI's bundle in dist/.
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
