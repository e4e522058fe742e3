import { CallTracer } from './callTracer.ts'
import type { CallFrame, CallTracerOptions } from './callTracer.ts'
import { PrestateTracer } from './prestateTracer.ts'
import type { PrestateTrace, PrestateTracerOptions } from './prestateTracer.ts'
import { StructLogger } from './structLogger.ts'
import type { StructLogOptions, StructLogTrace } from './structLogger.ts'
import type { TransactionTracer } from './tracer.ts'

export type { CallFrame, CallLog, CallTracerOptions } from './callTracer.ts'
export type { PrestateAccount, PrestateTrace, PrestateTracerOptions } from './prestateTracer.ts'
export type { StorageSlot, StructLog, StructLogOptions, StructLogTrace } from './structLogger.ts'
export type { TransactionTracer } from './tracer.ts'
export { CONSOLE_ADDRESS } from './consoleCapture.ts'

/** Which of geth's tracers to run, with its options, and how long it may take (geth's `timeout`). */
export type TracerSpec = (
  | { tracer: 'structLogger'; options: StructLogOptions }
  | { tracer: 'callTracer'; options: CallTracerOptions }
  | { tracer: 'prestateTracer'; options: PrestateTracerOptions }
) & { timeoutMs: number }

/** What a tracer answers, by tracer. */
export type TraceResult =
  | { tracer: 'structLogger'; trace: StructLogTrace }
  | { tracer: 'callTracer'; trace: CallFrame }
  | { tracer: 'prestateTracer'; trace: PrestateTrace }

/** A fresh tracer for one transaction; its deadline starts now. */
export function createTracer(spec: TracerSpec): TransactionTracer<TraceResult> {
  const deadline = performance.now() + spec.timeoutMs
  switch (spec.tracer) {
    case 'structLogger':
      return labelled('structLogger', new StructLogger(spec.options, deadline))
    case 'callTracer':
      return labelled('callTracer', new CallTracer(spec.options, deadline))
    case 'prestateTracer':
      return labelled('prestateTracer', new PrestateTracer(spec.options, deadline))
  }
}

/** `inner`, answering its output labelled with the tracer's name. */
function labelled<K extends TraceResult['tracer'], R>(tracer: K, inner: TransactionTracer<R>): TransactionTracer<TraceResult> {
  return {
    deadline: inner.deadline,
    start: (start) => inner.start(start),
    step: (step) => inner.step(step),
    enter: inner.enter && ((message) => inner.enter?.(message)),
    exit: inner.exit && ((result) => inner.exit?.(result)),
    finish: (run, state) => inner.finish(run, state),
    output: () => ({ tracer, trace: inner.output() }) as TraceResult,
  }
}
