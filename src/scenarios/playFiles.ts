import { accessSync, constants, statSync } from 'node:fs'
import { stat, writeFile } from 'node:fs/promises'
import { availableParallelism } from 'node:os'
import { dirname, resolve } from 'node:path'
import { formatBanner } from '../banner.ts'
import type { RunningServer } from '../server.ts'
import { writeHtmlReport } from '../explorer/htmlReport.ts'
import { collectReportScenario } from './reportData.ts'
import { formatReport } from './formatReport.ts'
import { ScenarioError } from './errors.ts'
import { isInvalid, playFile } from './playFile.ts'
import type { FileReport, HtmlReportScenario, PlayedFile } from './playFile.ts'
import { playScenario } from './playScenario.ts'
import { FileQueue } from './fileQueue.ts'
import { reportDocument } from './reporters/index.ts'
import type { ReporterName } from './reporters/index.ts'
import { filesOfShard } from './shard.ts'
import type { Shard } from './shard.ts'

export type { FileReport, InvalidScenarioReport } from './playFile.ts'
export type { PlayFilesReport } from './reporters/index.ts'

/** Options of `chainsim play`. */
export interface PlayFilesOptions {
  /** Keep the played chain serving (one file only, and only when it passed). */
  serve?: boolean
  /** Shorthand for `reporter: 'json'`. */
  json?: boolean
  /** `text` (default: ✓/✗ per step, a diff per failure), or one document: `json`, `junit` or `tap`. */
  reporter?: ReporterName
  /** Write the report document to this file; the text report then still goes to stdout. */
  output?: string
  /** Files played at once: this thread and the rest in worker threads (default: the number of cores). */
  jobs?: number
  /** Play only this slice of the files (`--shard 2/4`). */
  shard?: Shard
  /** After a failed step, play on with the steps that do not depend on it. */
  keepGoing?: boolean
  host?: string
  port?: number
  /** Write a self-contained HTML report of every played scenario (fork tree, steps, blocks) to this file. */
  report?: string
}

/**
 * `chainsim play FILE...`: plays the files (those of one shard), several at once in worker threads, prints
 * each file's report in file order as soon as it and every file before it is done, then the report document
 * the reporter names, and returns the exit code: 0 only when every file is valid and every expectation held,
 * 2 for options that do not go together. With `serve`, a passing scenario's networks are left serving; the
 * caller closes them.
 */
export async function playFiles(files: readonly string[], options: PlayFilesOptions = {}): Promise<{ exitCode: number; server?: RunningServer }> {
  const reporter = options.reporter ?? (options.json ? 'json' : 'text')
  const refusal = refuse(files, options, reporter)
  if (refusal !== undefined) {
    console.error(`chainsim: ${refusal}`)
    return { exitCode: 2 }
  }
  if (options.serve) return playAndServe(files[0] as string, options, reporter)
  const selected = options.shard ? filesOfShard(files, options.shard) : [...files]
  const streamsText = reporter === 'text' || options.output !== undefined
  if (selected.length === 0) console.error(`chainsim: shard ${options.shard?.index}/${options.shard?.count} has none of the ${files.length} files`)
  const played = await playAll(selected, options, ({ report }) => {
    if (streamsText) printText(report)
  })
  const reports = played.map((file) => file.report)
  if (options.report)
    await writeReportFile(
      options.report,
      played.flatMap((file) => (file.html ? [file.html] : [])),
      streamsText,
    )
  if (streamsText && selected.length > 1) {
    const failed = reports.filter((r) => !r.ok).length
    console.log(`\n${reports.length} scenarios: ${reports.length - failed} passed, ${failed} failed`)
  }
  if (reporter !== 'text') await emit(reportDocument(reporter, reports), options.output)
  return { exitCode: reports.every((r) => r.ok) ? 0 : 1 }
}

function refuse(files: readonly string[], options: PlayFilesOptions, reporter: ReporterName): string | undefined {
  if (options.serve && files.length !== 1) return "--serve serves one scenario's chain: give one file"
  if (options.serve && options.shard) return '--serve serves one file: leave out --shard'
  if (options.json && options.reporter !== undefined && options.reporter !== 'json')
    return `--json is --reporter json: it cannot go with --reporter ${options.reporter}`
  if (options.output !== undefined && reporter === 'text') return '--output writes a report document: give --reporter json, junit or tap'
  if (options.jobs !== undefined && (!Number.isInteger(options.jobs) || options.jobs < 1))
    return `--jobs ${options.jobs}: expected a whole number of at least 1`
  return (
    (options.output === undefined ? undefined : unwritable('--output', options.output)) ??
    (options.report === undefined ? undefined : unwritable('--report', options.report))
  )
}

/** Why a report file could not be written where it is asked for: said before a library is played for it. */
function unwritable(option: string, path: string): string | undefined {
  const problem = writeProblem(resolve(path))
  return problem === undefined ? undefined : `${option} ${path}: cannot write there (${problem})`
}

function writeProblem(file: string): string | undefined {
  const code = (error: unknown) => (error as NodeJS.ErrnoException).code ?? String(error)
  try {
    if (statSync(file).isDirectory()) return 'it is a folder'
    accessSync(file, constants.W_OK)
    return undefined
  } catch (error) {
    if (code(error) !== 'ENOENT') return code(error)
  }
  try {
    if (!statSync(dirname(file)).isDirectory()) return `${dirname(file)} is no folder`
    accessSync(dirname(file), constants.W_OK)
    return undefined
  } catch (error) {
    return code(error) === 'ENOENT' ? 'no such folder' : code(error)
  }
}

/**
 * Plays every file and returns them in file order; `ready` hears each in file order, as soon as it and every
 * one before it is done. With N jobs, this thread and N − 1 worker threads take files from one shared queue,
 * each the next file as soon as it is free, larger files first. With `--report`, each thread collects its files' view for the HTML
 * report before closing their networks.
 */
async function playAll(files: readonly string[], options: PlayFilesOptions, ready: (played: PlayedFile) => void): Promise<PlayedFile[]> {
  const playing = { keepGoing: options.keepGoing ?? false, html: options.report !== undefined }
  const jobs = Math.min(options.jobs ?? availableParallelism(), files.length)
  const reports: Array<PlayedFile | undefined> = new Array(files.length)
  let announced = 0
  const played = (index: number, file: PlayedFile) => {
    reports[index] = file
    for (; announced < files.length && reports[announced] !== undefined; announced++) ready(reports[announced] as PlayedFile)
  }
  const queue = new FileQueue(files, jobs > 1 ? await largerFirst(files) : undefined)
  // The worker's module is a chunk of its own in a bundle: a thread loads what playing needs, nothing of serving.
  const { playInWorker } = jobs > 1 ? await import('./playWorker.ts') : { playInWorker: undefined }
  const workers = Array.from({ length: Math.max(0, jobs - 1) }, () => playInWorker!(queue, playing, played))
  for (let index = queue.take(); index !== undefined; index = queue.take()) {
    played(index, await playFile(files[index] as string, playing))
  }
  await Promise.all(workers)
  // A thread that ended between taking a file and saying so leaves it unplayed: said, not skipped silently.
  files.forEach((file, index) => {
    if (reports[index] === undefined)
      played(index, { report: { file, ok: false, error: `${file}: not played: the worker thread that took it ended`, problems: [] } })
  })
  return reports as PlayedFile[]
}

/** `--report FILE`: the HTML report of the scenarios played (an invalid file has none), and where it went. */
async function writeReportFile(path: string, scenarios: HtmlReportScenario[], streamsText: boolean): Promise<void> {
  await writeHtmlReport(path, scenarios)
  if (streamsText) console.log(`report: ${path}`)
}

/**
 * Indexes of the files, larger files first: a rough guess at the longest, since a long file taken last leaves
 * the other threads idle while it plays.
 */
async function largerFirst(files: readonly string[]): Promise<number[]> {
  const sizes = await Promise.all(
    files.map((file) =>
      stat(file).then(
        (found) => found.size,
        () => 0,
      ),
    ),
  )
  return files.map((_, index) => index).sort((a, b) => (sizes[b] as number) - (sizes[a] as number) || a - b)
}

/** `--serve`: plays one file in this process and, when it passes, serves its networks. */
async function playAndServe(file: string, options: PlayFilesOptions, reporter: ReporterName): Promise<{ exitCode: number; server?: RunningServer }> {
  let report: FileReport
  let played
  try {
    played = await playScenario(file, { keepGoing: options.keepGoing })
    report = played.report
  } catch (error) {
    if (!(error instanceof ScenarioError)) throw error
    report = { file, ok: false, error: error.message, problems: error.problems }
  }
  const streamsText = reporter === 'text' || options.output !== undefined
  if (streamsText) printText(report)
  if (options.report) await writeReportFile(options.report, played ? [await collectReportScenario(played)] : [], streamsText)
  if (reporter !== 'text') await emit(reportDocument(reporter, [report]), options.output)
  if (!played || !report.ok) {
    await played?.close()
    return { exitCode: 1 }
  }
  const server = await played.serve({ host: options.host, port: options.port })
  // With a report document on stdout, stdout holds the document alone.
  const banner = formatBanner(server, { apiKeys: [] })
  if (!streamsText) console.error(banner)
  else console.log(`\n${banner}`)
  return { exitCode: 0, server }
}

function printText(report: FileReport): void {
  if (isInvalid(report)) console.error(`chainsim: ${report.error}`)
  else console.log(formatReport(report))
}

async function emit(document: string, output: string | undefined): Promise<void> {
  if (output === undefined) process.stdout.write(document.endsWith('\n') ? document : `${document}\n`)
  else await writeFile(output, document)
}
