// Builds what the package ships, into dist/ (not committed): ESM JavaScript for each entry point (esbuild, with
// the dependencies bundled as scripts/bundle.mjs says) and type declarations for every module under src/ (tsc,
// tsconfig.build.json). package.json's "prepare" runs it, so `npm pack`, `npm publish` and installs from a git URL
// build first; in the repository, `npm start`, `npm test` and `npx chainsim` run the sources and never read dist/.
import { spawnSync } from 'node:child_process'
import { rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { bundleExplorer } from '../src/explorer/assets.ts'
import { bundleOptions } from './bundle.mjs'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const DIST = join(ROOT, 'dist')

/**
 * The package's entry points: each `src` module becomes `dist/<name>.js`. A public one also needs its line
 * in package.json "exports" (`"./<name>": { "types": "./dist/types/<src path>.d.ts", "default":
 * "./dist/<name>.js" }`); its declarations are already built, since tsc covers all of src/.
 */
const ENTRY_POINTS: Record<string, string> = {
  index: 'src/index.ts',
  cli: 'src/cli.ts',
  testing: 'src/testing/index.ts',
}

async function buildJavaScript(): Promise<void> {
  // The explorer page, bundled now and built into the code that serves it: the package ships neither its
  // sources nor esbuild, and reads no file of its own at run time.
  const explorer = await bundleExplorer()
  await build({
    ...bundleOptions,
    entryPoints: ENTRY_POINTS,
    outdir: DIST,
    // Chunks sit beside the entries, directly in dist/: src/version.ts reads ../package.json relative to the
    // module it ends up in. Modules two entry points share are emitted once, in chunks both import: one ChainNode
    // class, one ChainsimError, whichever entry a program loads them through (instanceof holds across entries).
    define: { CHAINSIM_EXPLORER_ASSETS: JSON.stringify(explorer) },
    logLevel: 'warning',
  })
}

function buildDeclarations(): void {
  const require = createRequire(import.meta.url)
  const tsc = join(dirname(require.resolve('typescript/package.json')), 'bin', 'tsc')
  const result = spawnSync(process.execPath, [tsc, '-p', join(ROOT, 'tsconfig.build.json')], { stdio: 'inherit' })
  if (result.status !== 0) throw new Error(`tsc failed to write the declarations (exit ${result.status})`)
}

rmSync(DIST, { recursive: true, force: true })
await buildJavaScript()
buildDeclarations()
