import type { ScenarioAnswer } from './types.ts'
import { short } from './format.ts'

const MARKS = { passed: '✓', failed: '✗', skipped: '–' } as const

/** A played scenario's steps, each with its status and the blocks it made (links into the tree). */
export function StepsView({ scenario, onBlock }: { scenario: ScenarioAnswer; onBlock: (hash: string) => void }) {
  return (
    <section aria-label="Scenario steps">
      <h2>
        {scenario.name} <span class={scenario.ok ? 'good' : 'bad'}>{scenario.ok ? 'passed' : 'failed'}</span>
      </h2>
      <p class="muted mono">{scenario.file}</p>
      <ul class="steps">
        {scenario.steps.map((step) => (
          <li key={step.number} class={`step step-${step.status}`}>
            <span role="img" aria-label={step.status}>
              {MARKS[step.status]}
            </span>{' '}
            {step.number}. {step.name}{' '}
            <span class="muted">
              ({step.kind}
              {step.line === undefined ? '' : `, line ${step.line}`}, {step.durationMs} ms)
            </span>
            {step.blocks && step.blocks.length > 0 ? (
              <span class="step-blocks">
                {' '}
                made{' '}
                {step.blocks.map((hash) => (
                  <button key={hash} type="button" class="link mono" onClick={() => onBlock(hash)}>
                    {short(hash)}
                  </button>
                ))}
              </span>
            ) : null}
            {step.failures?.map((failure, i) => (
              <pre key={i} class="failure-text">
                {failure.message}
              </pre>
            ))}
          </li>
        ))}
      </ul>
    </section>
  )
}
