import { formatBanner } from '../banner.ts'
import type { RunningServer } from '../server.ts'
import { collectReportScenario, writeHtmlReport } from '../explorer/htmlReport.ts'
import { formatReport } from './formatReport.ts'
import { ScenarioError } from './loadScenario.ts'
import type { ScenarioProblem } from './loadScenario.ts'
import { playScenario } from './playScenario.ts'
import type { PlayedScenario, ScenarioReport } from './playScenario.ts'

/** Options of `chainsim play`. */
export interface PlayFilesOptions {
  /** Keep the played chain serving (one file only, and only when it passed). */
  serve?: boolean
  /** Print one JSON report on stdout instead of the text one. */
  json?: boolean
  host?: string
  port?: number
  /** Write a self-contained HTML report of every played scenario (fork tree, steps, blocks) to this file. */
  report?: string
}

/** A file that could not be played: why, problem by problem (file, line, step). */
export interface InvalidScenarioReport {
  file: string
  ok: false
  error: string
  problems: readonly ScenarioProblem[]
}

/** What `chainsim play --json` prints. */
export interface PlayFilesReport {
  ok: boolean
  scenarios: Array<ScenarioReport | InvalidScenarioReport>
}

/**
 * `chainsim play FILE... [--serve] [--json]`: plays each file in turn, prints each report (steps with ✓/✗,
 * and for a failure its location and a diff), and returns the exit code: 0 only when every file is valid and
 * every expectation held. With `serve`, a passing scenario's networks are left serving; the caller closes them.
 */
export async function playFiles(files: readonly string[], options: PlayFilesOptions = {}): Promise<{ exitCode: number; server?: RunningServer }> {
  if (options.serve && files.length !== 1) {
    console.error('chainsim: --serve serves one scenario\'s chain: give one file')
    return { exitCode: 2 }
  }
  const reports: PlayFilesReport['scenarios'] = []
  const htmlReport: Awaited<ReturnType<typeof collectReportScenario>>[] = []
  let kept: PlayedScenario | undefined
  for (const file of files) {
    let played: PlayedScenario
    try {
      played = await playScenario(file)
    } catch (error) {
      if (!(error instanceof ScenarioError)) throw error
      reports.push({ file, ok: false, error: error.message, problems: error.problems })
      if (!options.json) console.error(`chainsim: ${error.message}`)
      continue
    }
    reports.push(played.report)
    if (!options.json) console.log(formatReport(played.report))
    if (options.report) htmlReport.push(await collectReportScenario(played))
    if (options.serve && played.report.ok) kept = played
    else await played.close()
  }
  if (options.report) {
    await writeHtmlReport(options.report, htmlReport)
    if (!options.json) console.log(`report: ${options.report}`)
  }
  const ok = reports.every((r) => r.ok)
  if (options.json) console.log(JSON.stringify({ ok, scenarios: reports } satisfies PlayFilesReport, null, 2))
  else if (files.length > 1) {
    const failed = reports.filter((r) => !r.ok).length
    console.log(`\n${reports.length} scenarios: ${reports.length - failed} passed, ${failed} failed`)
  }
  if (!kept) return { exitCode: ok ? 0 : 1 }
  const server = await kept.serve({ host: options.host, port: options.port })
  // With --json, stdout holds the report alone.
  const banner = formatBanner(server, { apiKeys: [] })
  if (options.json) console.error(banner)
  else console.log(`\n${banner}`)
  return { exitCode: 0, server }
}
