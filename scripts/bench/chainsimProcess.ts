import { spawn, type ChildProcess } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const here = dirname(fileURLToPath(import.meta.url))

/** Starts `chainsim serve` as its own process, so its memory is measured alone; resolves once it serves. */
export async function startChainsim(port: number, args: string[] = []): Promise<ChildProcess> {
  const child = spawn(process.execPath, [join(here, '..', '..', 'src', 'bin', 'chainsim.mjs'), 'serve', '--port', String(port), ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  await new Promise<void>((resolve, reject) => {
    let output = ''
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      if (output.includes('Networks')) resolve()
    })
    child.once('exit', (code) => reject(new Error(`chainsim exited with ${code} before serving`)))
  })
  return child
}

/** The resident set size of a process, in MiB. */
export function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0)
  return Math.round(kb / 1024)
}
