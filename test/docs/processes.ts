import { spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ROOT } from './docPages.ts'

// Real processes for the docs' shell blocks: each page gets a scratch folder holding `scenarios/` (the repository's files)
// and a `chainsim` command on the PATH (the package's launcher, as npm installs it), so that a block runs as a user
// would run it in a project, without writing into the repository.

export interface Scratch {
  dir: string
  env: NodeJS.ProcessEnv
}

export function makeScratch(): Scratch {
  const dir = mkdtempSync(join(tmpdir(), 'chainsim-docs-'))
  // The repository's scenario files, each linked, so that a page's own files land beside them, not among them.
  mkdirSync(join(dir, 'scenarios'))
  for (const file of readdirSync(join(ROOT, 'scenarios'))) symlinkSync(join(ROOT, 'scenarios', file), join(dir, 'scenarios', file))
  const bin = join(dir, '.bin')
  mkdirSync(bin)
  writeFileSync(join(bin, 'chainsim'), `#!/bin/sh\nexec "${process.execPath}" "${join(ROOT, 'src/bin/chainsim.mjs')}" "$@"\n`, { mode: 0o755 })
  // vitest's own variables would make a nested vitest or tsx think it runs inside this one.
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('VITEST') && key !== 'NODE_OPTIONS'))
  return { dir, env: { ...inherited, PATH: `${bin}:${process.env.PATH}`, XDG_CACHE_HOME: join(dir, '.cache'), NO_COLOR: '1' } }
}

/** `npx chainsim` as the scratch folder runs it: the launcher on its PATH, with no registry lookup. */
export function withLocalChainsim(script: string): string {
  return script.replace(/\bnpx chainsim\b/g, 'chainsim')
}

export interface Finished {
  code: number | null
  output: string
}

/** Runs a bash script to its end (or kills it after `timeoutMs`), stdout and stderr together. */
export function runScript(script: string, scratch: Scratch, timeoutMs = 120_000): Promise<Finished> {
  return new Promise((resolve) => {
    const child = spawn('bash', ['-c', script], { cwd: scratch.dir, env: scratch.env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    const timer = setTimeout(() => killGroup(child, 'SIGKILL'), timeoutMs)
    child.on('exit', (code) => {
      clearTimeout(timer)
      // Whatever the script left in the background (a chainsim it did not stop) goes with it.
      killGroup(child, 'SIGKILL')
      resolve({ code, output })
    })
  })
}

/** Starts a command that serves until stopped; resolves once its output matches `ready`. */
export function startServing(
  command: string,
  scratch: Scratch,
  ready: RegExp,
  timeoutMs = 90_000,
): Promise<{ output: () => string; stop: () => Promise<number | null> }> {
  const child = spawn('bash', ['-c', `exec ${command}`], { cwd: scratch.dir, env: scratch.env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  const stop = async () => {
    killGroup(child, 'SIGINT')
    const timer = setTimeout(() => killGroup(child, 'SIGKILL'), 15_000)
    const code = await exited
    clearTimeout(timer)
    return code
  }
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop()
      reject(new Error(`\`${command}\` did not start within ${timeoutMs} ms:\n${output}`))
    }, timeoutMs)
    const look = (chunk: Buffer) => {
      output += chunk
      if (ready.test(output)) {
        clearTimeout(timer)
        resolve({ output: () => output, stop })
      }
    }
    child.stdout.on('data', look)
    child.stderr.on('data', look)
    void exited.then((code) => {
      clearTimeout(timer)
      reject(new Error(`\`${command}\` exited with ${code} before serving:\n${output}`))
    })
  })
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    if (child.pid !== undefined) process.kill(-child.pid, signal)
  } catch {
    // already gone
  }
}
