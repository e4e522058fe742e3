import type { FileReport } from '../playFile.ts'
import { jsonReport } from './json.ts'
import { junitReport } from './junit.ts'
import { tapReport } from './tap.ts'

export type { PlayFilesReport } from './json.ts'

/** The machine-readable reports of `chainsim play --reporter`, by name; the text report is the default. */
export const DOCUMENT_REPORTERS = { json: jsonReport, junit: junitReport, tap: tapReport } as const

export type ReporterName = 'text' | keyof typeof DOCUMENT_REPORTERS
export const REPORTER_NAMES: readonly ReporterName[] = ['text', ...(Object.keys(DOCUMENT_REPORTERS) as Array<keyof typeof DOCUMENT_REPORTERS>)]

/** The whole report document of every file, in file order. */
export function reportDocument(name: keyof typeof DOCUMENT_REPORTERS, reports: readonly FileReport[]): string {
  return DOCUMENT_REPORTERS[name](reports)
}
