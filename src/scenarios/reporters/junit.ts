import { formatProblem } from '../errors.ts'
import { isInvalid } from '../playFile.ts'
import type { FileReport } from '../playFile.ts'
import type { StepReport } from '../playScenario.ts'
import { failureText } from './failureText.ts'

/**
 * The JUnit XML report CI systems read (GitHub Actions, GitLab, Jenkins): one test suite per file, one test
 * case per step, with the file and the step's line; a failed step carries each failure with its diff, a
 * skipped one why. A file that could not be played is one test case in error, with its problems.
 */
export function junitReport(reports: readonly FileReport[]): string {
  const suites = reports.map(suite)
  const count = (attribute: string) => suites.reduce((sum, s) => sum + s.counts[attribute as keyof typeof s.counts], 0)
  const time = seconds(reports.reduce((sum, r) => sum + ('durationMs' in r ? r.durationMs : 0), 0))
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="chainsim play" tests="${count('tests')}" failures="${count('failures')}" errors="${count('errors')}" skipped="${count('skipped')}" time="${time}">`,
    ...suites.map((s) => s.xml),
    '</testsuites>',
    '',
  ].join('\n')
}

function suite(report: FileReport): { xml: string; counts: { tests: number; failures: number; errors: number; skipped: number } } {
  if (isInvalid(report)) {
    const body = report.problems.length > 0 ? report.problems.map(formatProblem).join('\n') : report.error
    return {
      counts: { tests: 1, failures: 0, errors: 1, skipped: 0 },
      xml: [
        `  <testsuite name="${attr(report.file)}" file="${attr(report.file)}" tests="1" failures="0" errors="1" skipped="0" time="0">`,
        `    <testcase name="the scenario file" classname="${attr(report.file)}" file="${attr(report.file)}" time="0">`,
        `      <error message="${attr(firstLine(report.error))}" type="invalid scenario">${text(body)}</error>`,
        '    </testcase>',
        '  </testsuite>',
      ].join('\n'),
    }
  }
  const counts = {
    tests: report.steps.length,
    failures: report.steps.filter((s) => s.status === 'failed').length,
    errors: 0,
    skipped: report.steps.filter((s) => s.status === 'skipped').length,
  }
  return {
    counts,
    xml: [
      `  <testsuite name="${attr(report.name)}" file="${attr(report.file)}" tests="${counts.tests}" failures="${counts.failures}" errors="0" skipped="${counts.skipped}" time="${seconds(report.durationMs)}">`,
      ...report.steps.map((step) => testCase(step, report.file)),
      '  </testsuite>',
    ].join('\n'),
  }
}

function testCase(step: StepReport, file: string): string {
  const line = step.line === undefined ? '' : ` line="${step.line}"`
  const open = `    <testcase name="${attr(`${step.number}. ${step.name}`)}" classname="${attr(file)}" file="${attr(file)}"${line} time="${seconds(step.durationMs)}"`
  if (step.status === 'passed') return `${open}/>`
  if (step.status === 'skipped') return `${open}>\n      <skipped message="${attr(step.skipped ?? 'skipped')}"/>\n    </testcase>`
  const where = `${file}${step.line === undefined ? '' : `:${step.line}`}`
  const failures = (step.failures ?? []).map(
    (f) => `      <failure message="${attr(firstLine(f.message))}" type="expectation">${text(`${where}: ${failureText(f)}`)}</failure>`,
  )
  return [`${open}>`, ...failures, '    </testcase>'].join('\n')
}

function seconds(ms: number): string {
  return (ms / 1000).toFixed(3)
}

function firstLine(message: string): string {
  return message.split('\n', 1)[0] as string
}

/** Text XML 1.0 can carry: control characters other than tab and newline cannot appear even escaped. */
function printable(value: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters it replaces
  return value.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '\ufffd')
}

function text(value: string): string {
  return printable(value).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

function attr(value: string): string {
  return text(value).replace(/"/g, '&quot;').replace(/\n/g, '&#10;')
}
