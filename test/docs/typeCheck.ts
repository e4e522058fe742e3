import { execFile } from 'node:child_process'
import { mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { ROOT } from './docPages.ts'

// The TypeScript and JavaScript blocks of the docs, compiled as a project that installed chainsim compiles them:
// strict, Node's module resolution, `chainsim` and `chainsim/testing` read from the package's declarations (dist/,
// what `npm ci` builds) or, when those are older than the sources, from the sources. One `tsc` run for all.

const DIR = join(ROOT, '.cache', 'docs-blocks')

/** A block to compile: a module of its own. */
export interface TypedBlock {
  id: string
  code: string
}

/** The compiler's errors for each block, by id (an empty list: it compiles). */
export async function typeCheck(blocks: TypedBlock[]): Promise<Map<string, string[]>> {
  rmSync(DIR, { recursive: true, force: true })
  mkdirSync(DIR, { recursive: true })
  for (const block of blocks) writeFileSync(join(DIR, `${block.id}.ts`), block.code)
  writeFileSync(join(DIR, 'tsconfig.json'), JSON.stringify(projectConfig(blocks.map((b) => `${b.id}.ts`)), null, 2))
  const errors = new Map(blocks.map((block) => [block.id, [] as string[]]))
  try {
    await promisify(execFile)(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', join(DIR, 'tsconfig.json'), '--pretty', 'false'], {
      cwd: ROOT,
      maxBuffer: 1 << 24,
    })
  } catch (error) {
    const output = String((error as { stdout?: string }).stdout ?? error)
    for (const line of output.split('\n')) {
      const id = /([\w-]+)\.ts\(\d+,\d+\): error/.exec(line)?.[1]
      // Errors in chainsim's own sources (read under a user's settings when dist/ is stale) are not the block's.
      if (id !== undefined && errors.has(id)) errors.get(id)!.push(line)
    }
  }
  return errors
}

/** The tsconfig tsx runs a block with: the package's names mapped to the sources. */
export function runConfigPath(): string {
  const path = join(DIR, 'tsconfig.run.json')
  writeFileSync(path, JSON.stringify({ extends: '../../tsconfig.json', compilerOptions: { paths: sourcePaths() } }, null, 2))
  return path
}

function projectConfig(files: string[]) {
  return {
    extends: '../../tsconfig.json',
    compilerOptions: {
      paths: declarationsAreCurrent()
        ? { chainsim: ['../../dist/types/index.d.ts'], 'chainsim/testing': ['../../dist/types/testing/index.d.ts'] }
        : sourcePaths(),
      // A user's project: strict, without this repository's extra rules on unused names and index access.
      noUnusedLocals: false,
      noUnusedParameters: false,
      noUncheckedIndexedAccess: false,
    },
    include: files,
  }
}

function sourcePaths() {
  return { chainsim: ['../../src/index.ts'], 'chainsim/testing': ['../../src/testing/index.ts'] }
}

/** Whether dist/types was built after the last change to src/ (its declarations are what a user compiles against). */
function declarationsAreCurrent(): boolean {
  try {
    const built = statSync(join(ROOT, 'dist/types/index.d.ts')).mtimeMs
    return newestUnder(join(ROOT, 'src')) <= built
  } catch {
    return false
  }
}

function newestUnder(dir: string): number {
  let newest = 0
  const walk = (path: string) => {
    const stat = statSync(path)
    if (stat.isDirectory()) {
      for (const entry of readdirSync(path)) walk(join(path, entry))
    } else if (stat.mtimeMs > newest) newest = stat.mtimeMs
  }
  walk(dir)
  return newest
}
