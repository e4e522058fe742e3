// Start-up as users meet it: each command spawned and timed to its first JSON-RPC answer (serving) or to its exit
// (--version, --help), median of several runs; and `play --jobs` on the example scenarios, one thread against two.
import { spawnSync } from 'node:child_process'
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { freePort } from '../../test/helpers/freePort.ts'
import { repeated, timeToExit, timeToFirstAnswer } from './startup.ts'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const LAUNCHER = join(ROOT, 'src', 'bin', 'chainsim.mjs')

export type StartupRows = Record<string, number>

/**
 * Builds the package (dist/), as `npm pack` would, and lays it out as an install does: package.json, dist/ and the
 * `chainsim` launcher, without the sources (so the launcher runs dist/cli.js), beside this checkout's dependencies.
 * Returns the installed launcher.
 */
function installPackage(): string {
  const result = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts', 'build-package.ts')], { cwd: ROOT, stdio: 'ignore' })
  if (result.status !== 0) throw new Error('the package build failed (npm run build)')
  const installed = mkdtempSync(join(tmpdir(), 'chainsim-installed-'))
  mkdirSync(join(installed, 'src', 'bin'), { recursive: true })
  copyFileSync(join(ROOT, 'package.json'), join(installed, 'package.json'))
  copyFileSync(LAUNCHER, join(installed, 'src', 'bin', 'chainsim.mjs'))
  symlinkSync(join(ROOT, 'dist'), join(installed, 'dist'))
  symlinkSync(join(ROOT, 'node_modules'), join(installed, 'node_modules'))
  return join(installed, 'src', 'bin', 'chainsim.mjs')
}

export async function measureStartup(runs: number, anvil: string | undefined, print: (line: string) => void): Promise<StartupRows> {
  const installed = installPackage()
  const rows: StartupRows = {}
  const node = process.execPath
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'
  const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx'
  const serving: Array<[string, string, (port: number) => string[]]> = [
    ['the installed package: chainsim serve → first answer', node, (port) => [installed, 'serve', '--port', String(port)]],
    ['a checkout: the launcher, bundle cached → first answer', node, (port) => [LAUNCHER, 'serve', '--port', String(port)]],
    ['a checkout: npm start → first answer', npm, (port) => ['start', '--silent', '--', '--port', String(port)]],
    ['a checkout: npx chainsim serve → first answer', npx, (port) => ['chainsim', 'serve', '--port', String(port)]],
  ]
  if (anvil) serving.push(['Anvil → first answer', anvil, (port) => ['--port', String(port), '--silent']])
  for (const [name, command, args] of serving) {
    const port = await freePort()
    rows[name] = (await repeated(runs, () => timeToFirstAnswer(command, args(port), port))).median
    print(`   ${name.padEnd(58)} ${rows[name]!.toFixed(0).padStart(6)} ms`)
  }
  const exiting: Array<[string, string, string[]]> = [
    ['the installed package: chainsim --version', node, [installed, '--version']],
    ['the installed package: chainsim --help', node, [installed, '--help']],
    ['the launcher: chainsim --version', node, [LAUNCHER, '--version']],
    ['the launcher: chainsim --help', node, [LAUNCHER, '--help']],
    ['node itself (node -e 0), for reference', node, ['-e', '0']],
  ]
  if (anvil) exiting.push(['anvil --version', anvil, ['--version']])
  for (const [name, command, args] of exiting) {
    rows[name] = (await repeated(runs, () => timeToExit(command, args))).median
    print(`   ${name.padEnd(58)} ${rows[name]!.toFixed(0).padStart(6)} ms`)
  }
  if (process.env.NODE_EXTRA_CA_CERTS) {
    const env = { ...process.env }
    delete env.NODE_EXTRA_CA_CERTS
    const name = 'node itself without NODE_EXTRA_CA_CERTS (set here)'
    rows[name] = (await repeated(runs, () => timeToExit(node, ['-e', '0'], env))).median
    print(`   ${name.padEnd(58)} ${rows[name]!.toFixed(0).padStart(6)} ms`)
  }
  rmSync(join(installed, '..', '..', '..'), { recursive: true, force: true })
  return rows
}

/** CPU seconds of this process's waited-for children so far (Linux: /proc/self/stat's cutime + cstime). */
function childrenCpuSeconds(): number {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ')
  // After the command name: cutime and cstime are fields 16 and 17 of the whole line, 14 and 15 here.
  return (Number(fields[13]) + Number(fields[14])) / 100
}

export interface PlayJobsRow {
  files: number
  wallSeconds: { jobs1: number; jobs2: number }
  cpuSeconds: { jobs1: number; jobs2: number }
  speedup: number
}

/** `chainsim play FILES --jobs 1` against `--jobs 2`, interleaved, medians of `runs`. */
async function playJobs(files: string[], runs: number): Promise<PlayJobsRow> {
  const samples = { jobs1: { wall: [] as number[], cpu: [] as number[] }, jobs2: { wall: [] as number[], cpu: [] as number[] } }
  for (let i = 0; i <= runs; i++) {
    for (const jobs of [1, 2] as const) {
      const cpu = childrenCpuSeconds()
      const wall = await timeToExit(process.execPath, [LAUNCHER, 'play', ...files, '--jobs', String(jobs)])
      if (i === 0) continue
      samples[`jobs${jobs}`].wall.push(wall / 1000)
      samples[`jobs${jobs}`].cpu.push(childrenCpuSeconds() - cpu)
    }
  }
  const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!
  const wallSeconds = { jobs1: median(samples.jobs1.wall), jobs2: median(samples.jobs2.wall) }
  return {
    files: files.length,
    wallSeconds,
    cpuSeconds: { jobs1: median(samples.jobs1.cpu), jobs2: median(samples.jobs2.cpu) },
    speedup: wallSeconds.jobs1 / wallSeconds.jobs2,
  }
}

export async function measurePlayJobs(runs: number, print: (line: string) => void): Promise<Record<string, PlayJobsRow>> {
  const examples = readdirSync(join(ROOT, 'scenarios'))
    .filter((name) => /\.(ya?ml|json)$/.test(name) && name !== 'scenario.schema.json')
    .map((name) => join(ROOT, 'scenarios', name))
  // The same files five times over, in a folder of their own.
  const five = mkdtempSync(join(tmpdir(), 'chainsim-bench-play-'))
  const copies: string[] = []
  for (let i = 1; i <= 5; i++) {
    mkdirSync(join(five, String(i)))
    for (const file of examples) {
      const copy = join(five, String(i), basename(file))
      copyFileSync(file, copy)
      copies.push(copy)
    }
  }
  const rows: Record<string, PlayJobsRow> = {}
  for (const [name, files] of [
    [`the ${examples.length} example files`, examples],
    [`the same ×5 (${copies.length} files)`, copies],
  ] as const) {
    const row = await playJobs([...files], runs)
    rows[name] = row
    print(
      `   ${name.padEnd(34)} --jobs 1 ${row.wallSeconds.jobs1.toFixed(2)} s (CPU ${row.cpuSeconds.jobs1.toFixed(2)} s), --jobs 2 ${row.wallSeconds.jobs2.toFixed(2)} s (CPU ${row.cpuSeconds.jobs2.toFixed(2)} s): ${row.speedup.toFixed(2)}× faster, the worker's CPU +${(row.cpuSeconds.jobs2 - row.cpuSeconds.jobs1).toFixed(2)} s`,
    )
  }
  return rows
}
