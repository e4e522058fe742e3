import { collectReportScenario } from './reportData.ts'
import type { ReportData } from '../explorer/ui/report.ts'
import { ScenarioError } from './errors.ts'
import type { ScenarioProblem } from './errors.ts'
import { playScenario } from './playScenario.ts'
import type { ScenarioReport } from './playScenario.ts'

/** A file that could not be played: why, problem by problem (file, line, step). */
export interface InvalidScenarioReport {
  file: string
  ok: false
  error: string
  problems: readonly ScenarioProblem[]
}

/** How one file went: its report, or why it could not be played. */
export type FileReport = ScenarioReport | InvalidScenarioReport

/** What `play --report FILE` holds of one played scenario: its networks' fork trees, blocks and steps. */
export type HtmlReportScenario = ReportData['scenarios'][number]

/** One played file: its report, and (asked for, and when it could be played) what the HTML report shows of it. */
export interface PlayedFile {
  report: FileReport
  html?: HtmlReportScenario
}

/**
 * Plays one scenario file and closes its networks: its report, or (an invalid file, or a fault of chainsim's
 * while playing it) why there is none. With `html`, the HTML report's view of it is collected before its
 * networks close. Never throws, so one file cannot stop the others.
 */
export async function playFile(file: string, options: { keepGoing?: boolean; html?: boolean } = {}): Promise<PlayedFile> {
  try {
    const played = await playScenario(file, { keepGoing: options.keepGoing })
    try {
      return { report: played.report, ...(options.html ? { html: await collectReportScenario(played) } : {}) }
    } finally {
      await played.close()
    }
  } catch (error) {
    if (error instanceof ScenarioError) return { report: { file, ok: false, error: error.message, problems: error.problems } }
    return {
      report: {
        file,
        ok: false,
        error: `${file}: chainsim failed while playing it: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
        problems: [],
      },
    }
  }
}

/** Whether a file report is an invalid file's. */
export function isInvalid(report: FileReport): report is InvalidScenarioReport {
  return 'problems' in report
}
