import { STEP_KINDS } from './schema.ts'
import type { ScenarioStep, StepKind } from './schema.ts'

/** The action key of a step (`send`, `mine`...). */
export function kindOf(step: ScenarioStep): StepKind {
  return STEP_KINDS.find((kind) => Object.hasOwn(step, kind)) as StepKind
}

/** A step's name for reports: its `name`, or a summary of its action (`mine 3`, `rpc eth_getLogs`). */
export function describeStep(step: ScenarioStep): string {
  if (step.name) return step.name
  if ('deploy' in step) return `deploy ${step.deploy.contract ?? 'bytecode'}`
  if ('send' in step) return step.send.raw ? 'send raw transaction' : `send ${step.send.function ?? 'transaction'}`
  if ('sign' in step) return `sign ${step.sign.function ?? 'transaction'}`
  if ('call' in step) return `call ${step.call.function}`
  if ('mine' in step) return `mine ${typeof step.mine === 'number' ? step.mine : (step.mine.blocks ?? 1)}`
  if ('mining' in step) return `mining ${typeof step.mining === 'string' ? step.mining : `every ${step.mining.intervalMs} ms`}`
  if ('reorg' in step) return `reorg depth ${step.reorg.depth}`
  if ('filter' in step) return `filter ${step.as}`
  if ('subscribe' in step) return `subscribe ${step.as}`
  if ('wait' in step) return 'ms' in step.wait ? `wait ${step.wait.ms} ms` : `wait for block ${step.wait.block}`
  if ('fault' in step) return `fault on ${step.fault.method}`
  if ('rpc' in step) return `rpc ${typeof step.rpc === 'string' ? step.rpc : step.rpc.method}`
  if ('changes' in step) return `changes of ${step.changes}`
  return `transaction ${step.transaction}`
}
