import type { FileReport } from '../playFile.ts'

/** What `chainsim play --reporter json` prints: every file's report (or why it could not be played). */
export interface PlayFilesReport {
  ok: boolean
  scenarios: FileReport[]
}

/** The JSON report: `{ok, scenarios: [report...]}`, as `--json` has always printed it. */
export function jsonReport(reports: readonly FileReport[]): string {
  return JSON.stringify({ ok: reports.every((r) => r.ok), scenarios: [...reports] } satisfies PlayFilesReport, null, 2)
}
