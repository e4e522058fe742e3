import type { FileReport } from '../playFile.ts'
import { jsonReport } from './json.ts'
import { junitReport } from './junit.ts'
import { tapReport } from './tap.ts'
import type { ReporterName } from './names.ts'

export type { PlayFilesReport } from './json.ts'

/** The machine-readable reports of `chainsim play --reporter`, by name; the text report is the default. */
export const DOCUMENT_REPORTERS = { json: jsonReport, junit: junitReport, tap: tapReport } as const satisfies Record<Exclude<ReporterName, 'text'>, unknown>

export { REPORTER_NAMES } from './names.ts'
export type { ReporterName } from './names.ts'

/** The whole report document of every file, in file order. */
export function reportDocument(name: keyof typeof DOCUMENT_REPORTERS, reports: readonly FileReport[]): string {
  return DOCUMENT_REPORTERS[name](reports)
}
