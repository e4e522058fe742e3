import { appendFileSync, renameSync, writeFileSync } from 'node:fs'
import { stringify } from 'yaml'

/**
 * A scenario file written as a served chain goes: the header (name, clock, networks) at once, then each step as it
 * is recorded, appended, so that what was recorded before a crash is a scenario that plays. Steps are plain data
 * of the scenario format (src/scenarios/).
 */
export class RecordingFile {
  constructor(private readonly path: string) {}

  /** Writes the header and the first steps (a new file, written whole). */
  start(header: Record<string, unknown>, firstSteps: readonly object[]): void {
    const text = `# Recorded by chainsim serve --record: chainsim play ${this.path} plays it again.\n${yaml(header)}steps:\n${yaml(firstSteps)}`
    const temporary = `${this.path}.${process.pid}.tmp`
    writeFileSync(temporary, text)
    renameSync(temporary, this.path)
  }

  /** Appends steps to the file's `steps:` list. */
  append(steps: readonly object[]): void {
    if (steps.length > 0) appendFileSync(this.path, yaml(steps))
  }
}

function yaml(value: unknown): string {
  // Long lines stay whole: raw transactions and state blobs are single values.
  return stringify(value, { lineWidth: 0 })
}
