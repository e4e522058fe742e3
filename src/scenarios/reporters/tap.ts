import { stringify } from 'yaml'
import { isInvalid } from '../playFile.ts'
import type { FileReport } from '../playFile.ts'
import type { StepReport } from '../playScenario.ts'
import { failureText } from './failureText.ts'

/**
 * The TAP 14 report: one test point per file, each with a subtest of one point per step; a failed step
 * carries a YAML block with its file, line and failures (diff included), a skipped one `# SKIP` and why.
 */
export function tapReport(reports: readonly FileReport[]): string {
  const lines = ['TAP version 14', `1..${reports.length}`]
  reports.forEach((report, i) => {
    if (isInvalid(report)) {
      lines.push(`not ok ${i + 1} - ${description(report.file)}`, ...yamlBlock({ message: report.error, problems: report.problems.map((p) => ({ ...p })) }, ''))
      return
    }
    lines.push(`# Subtest: ${description(`${report.file}: ${report.name}`)}`, `    1..${report.steps.length}`)
    for (const step of report.steps) lines.push(...testPoint(step, report.file))
    lines.push(`${report.ok ? 'ok' : 'not ok'} ${i + 1} - ${description(`${report.file}: ${report.name}`)}`)
  })
  return `${lines.join('\n')}\n`
}

function testPoint(step: StepReport, file: string): string[] {
  const name = `    ${step.status === 'failed' ? 'not ok' : 'ok'} ${step.number} - ${description(step.name)}`
  if (step.status === 'skipped') return [`${name} # SKIP ${description(step.skipped ?? 'skipped')}`]
  if (step.status === 'passed') return [name]
  const diagnostics = {
    at: { file, ...(step.line === undefined ? {} : { line: step.line }) },
    failures: (step.failures ?? []).map(failureText),
  }
  return [name, ...yamlBlock(diagnostics, '    ')]
}

/** A YAML diagnostics block, indented under its test point. */
function yamlBlock(value: object, indent: string): string[] {
  const body = stringify(value, { lineWidth: 0 }).trimEnd().split('\n')
  return [`${indent}  ---`, ...body.map((line) => `${indent}  ${line}`), `${indent}  ...`]
}

/** A description TAP can carry: one line, `#` escaped (it starts a directive). */
function description(text: string): string {
  return text.replace(/\n/g, ' ').replace(/\\/g, '\\\\').replace(/#/g, '\\#')
}
