import type { EVMResult, InterpreterStep, Message } from '@ethereumjs/evm'
import type { StateManagerInterface } from '@ethereumjs/common'
import type { TypedTransaction } from '@ethereumjs/tx'
import type { Address } from '@ethereumjs/util'
import type { RunTxResult, VM } from '@ethereumjs/vm'
import { TracerFailed, TraceTimeout } from '../errors.ts'

/** The transaction a tracer watches, as it starts. */
export interface TracedStart {
  tx: TypedTransaction
  sender: Address
  coinbase: Uint8Array
  /** The state before the transaction (read it, never write it). */
  state: StateManagerInterface
}

/**
 * One transaction's tracer, fed by @ethereumjs/evm's events: `step` before each opcode, `enter` as
 * a call frame starts, `exit` as it ends. Tracers subscribe only to the VM they trace, which exists
 * for that run alone: mining and plain calls never carry a tracer (console.log capture, consoleCapture.ts, is their one listener).
 */
export interface TransactionTracer<R = unknown> {
  start(start: TracedStart): Promise<void>
  step(step: InterpreterStep): Promise<void> | void
  enter?(message: Message): void
  exit?(result: EVMResult): void
  finish(run: RunTxResult, state: StateManagerInterface): Promise<void>
  /** What the trace found; valid after `finish`. */
  output(): R
  /** When tracing must stop (geth's `timeout`), on the `performance.now()` clock. */
  readonly deadline: number
}

/** Whether `error` came from tracing rather than from the traced transaction. */
export function isTracingError(error: unknown): boolean {
  return error instanceof TraceTimeout || error instanceof TracerFailed
}

// The clock is read every this many steps: a trace of a million steps reads it a thousand times.
const STEPS_PER_CLOCK_READ = 1024

/**
 * Runs `execute` (one runTx on `vm`) with `tracer` subscribed to the VM's events, and unsubscribes
 * after. The EVM awaits a listener that takes a second (`resolve`) argument, so a tracer may read
 * state in a step; a deadline passed throws TraceTimeout out of the EVM, which rethrows non-EVM errors.
 */
export async function traced(vm: VM, tracer: TransactionTracer, start: Omit<TracedStart, 'state'>, execute: () => Promise<RunTxResult>): Promise<RunTxResult> {
  const events = vm.evm.events
  if (!events) throw new Error('the EVM has no event emitter to trace with')
  await tracer.start({ ...start, state: vm.stateManager })
  let steps = 0
  let failure: unknown
  const onStep = (step: InterpreterStep, resolve?: () => void) => {
    if (++steps % STEPS_PER_CLOCK_READ === 0 && performance.now() > tracer.deadline) throw new TraceTimeout()
    const pending = tracer.step(step)
    if (pending === undefined) return resolve?.()
    pending.then(resolve, (error: unknown) => {
      failure ??= error
      resolve?.()
    })
  }
  const onEnter = (message: Message) => tracer.enter?.(message)
  const onExit = (result: EVMResult) => tracer.exit?.(result)
  events.on('step', onStep)
  events.on('beforeMessage', onEnter)
  events.on('afterMessage', onExit)
  let run: RunTxResult
  try {
    run = await execute()
  } finally {
    events.off('step', onStep)
    events.off('beforeMessage', onEnter)
    events.off('afterMessage', onExit)
  }
  if (failure !== undefined) throw new TracerFailed(failure)
  await tracer.finish(run, vm.stateManager)
  return run
}
