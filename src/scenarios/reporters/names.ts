/** The reports `chainsim play --reporter` writes, by name: the text report (the default) and the documents. */
export const REPORTER_NAMES = ['text', 'json', 'junit', 'tap'] as const

export type ReporterName = (typeof REPORTER_NAMES)[number]
