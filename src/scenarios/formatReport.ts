import { showValue } from './diff.ts'
import type { ScenarioReport, StepReport } from './playScenario.ts'

const MARKS = { passed: '✓', failed: '✗', skipped: '-' } as const

/**
 * A report as `chainsim play` prints it: the scenario, then each step with ✓ (passed), ✗ (failed) or -
 * (skipped, and why); a repeated step with its count of runs; under a failed step, where it is, what did not
 * hold, and a diff of expected (`-`) and actual (`+`).
 * @example console.log(formatReport(played.report))
 */
export function formatReport(report: ScenarioReport): string {
  const lines = [`${report.ok ? MARKS.passed : MARKS.failed} ${report.file}: ${report.name} (${report.durationMs} ms)`]
  // Steps name their network only when there is more than one.
  const showNetwork = new Set(report.steps.map((s) => s.network)).size > 1
  for (const step of report.steps) lines.push(...formatStep(step, report.file, showNetwork))
  return lines.join('\n')
}

function formatStep(step: StepReport, file: string, showNetwork: boolean): string[] {
  const network = showNetwork ? ` [${step.network}]` : ''
  const runs = step.iterations === undefined ? '' : `×${step.iterations}, `
  const after = step.status === 'skipped' ? (step.skipped === undefined ? '' : ` (${step.skipped})`) : ` (${runs}${step.durationMs} ms)`
  const lines = [`  ${MARKS[step.status]} ${step.number}. ${step.name}${network}${after}`]
  for (const failure of step.failures ?? []) {
    const where = step.line === undefined ? file : `${file}:${step.line}`
    lines.push(`      ${where}: step ${step.number} "${step.name}": ${failure.message}`)
    if (failure.diff !== undefined) {
      lines.push('      - expected', '      + actual', ...failure.diff.split('\n').map((l) => `      ${l}`))
    } else if (failure.actual !== undefined) {
      lines.push(...`actual: ${showValue(failure.actual, 2)}`.split('\n').map((l) => `      ${l}`))
    }
  }
  return lines
}
