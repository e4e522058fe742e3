import { z } from 'zod'
import type { TracerSpec } from '../evm/index.ts'
import { blockOverrides, stateOverride } from './overrides.ts'
import { boolean } from './schemas.ts'

/** geth's default trace timeout. */
const DEFAULT_TIMEOUT_MS = 5_000

const GO_DURATION_UNITS: Readonly<Record<string, number>> = { ns: 1e-6, us: 1e-3, µs: 1e-3, ms: 1, s: 1_000, m: 60_000, h: 3_600_000 }
const GO_DURATION = /^(\d+(?:\.\d*)?|\.\d+)(ns|us|µs|ms|s|m|h)/

/** A Go duration ("5s", "1m30s", "500ms") in milliseconds, as geth reads `timeout`. */
const goDuration = z.string({ error: 'expected a duration such as "5s" or "500ms"' }).transform((input, ctx) => {
  let rest = input
  let ms = 0
  while (rest.length > 0) {
    const match = GO_DURATION.exec(rest)
    if (!match) {
      ctx.addIssue(`time: invalid duration "${input}"`)
      return z.NEVER
    }
    ms += Number(match[1]) * (GO_DURATION_UNITS[match[2] as string] as number)
    rest = rest.slice(match[0].length)
  }
  if (input.length === 0 || !Number.isFinite(ms)) {
    ctx.addIssue(`time: invalid duration "${input}"`)
    return z.NEVER
  }
  return ms
})

const callTracerConfig = z.object({ onlyTopCall: boolean.optional(), withLog: boolean.optional() }, { error: 'expected a callTracer config object' }).nullish()
const prestateTracerConfig = z
  .object(
    { diffMode: boolean.optional(), disableCode: boolean.optional(), disableStorage: boolean.optional() },
    { error: 'expected a prestateTracer config object' },
  )
  .nullish()

const traceConfigFields = {
  tracer: z.string({ error: 'expected a tracer name' }).nullish(),
  tracerConfig: z.unknown().optional(),
  timeout: goDuration.nullish(),
  enableMemory: boolean.nullish(),
  disableStack: boolean.nullish(),
  disableStorage: boolean.nullish(),
  enableReturnData: boolean.nullish(),
  limit: z.number({ error: 'expected a number' }).int('expected an integer').nonnegative('expected a non-negative integer').nullish(),
  // Accepted for geth's clients; chainsim keeps every state, so it never re-executes to rebuild one.
  reexec: z.number({ error: 'expected a number' }).int('expected an integer').nonnegative('expected a non-negative integer').nullish(),
}

type TraceConfigFields = z.output<z.ZodObject<typeof traceConfigFields>>

/** geth's TraceConfig → which tracer runs, how, and for how long. */
function toTracerSpec(config: TraceConfigFields, ctx: z.RefinementCtx): TracerSpec {
  const timeoutMs = config.timeout ?? DEFAULT_TIMEOUT_MS
  switch (config.tracer ?? '') {
    case '':
      return {
        tracer: 'structLogger',
        timeoutMs,
        options: {
          enableMemory: config.enableMemory ?? false,
          disableStack: config.disableStack ?? false,
          disableStorage: config.disableStorage ?? false,
          enableReturnData: config.enableReturnData ?? false,
          limit: config.limit ?? 0,
        },
      }
    case 'callTracer': {
      const parsed = callTracerConfig.safeParse(config.tracerConfig)
      if (!parsed.success) return refuse(ctx, parsed.error.issues[0]?.message ?? 'invalid tracerConfig', ['tracerConfig'])
      return { tracer: 'callTracer', timeoutMs, options: { onlyTopCall: parsed.data?.onlyTopCall ?? false, withLog: parsed.data?.withLog ?? false } }
    }
    case 'prestateTracer': {
      const parsed = prestateTracerConfig.safeParse(config.tracerConfig)
      if (!parsed.success) return refuse(ctx, parsed.error.issues[0]?.message ?? 'invalid tracerConfig', ['tracerConfig'])
      return {
        tracer: 'prestateTracer',
        timeoutMs,
        options: {
          diffMode: parsed.data?.diffMode ?? false,
          disableCode: parsed.data?.disableCode ?? false,
          disableStorage: parsed.data?.disableStorage ?? false,
        },
      }
    }
    default:
      return refuse(
        ctx,
        `tracer ${JSON.stringify(config.tracer)} is not available: chainsim runs the struct logger (no tracer), callTracer and prestateTracer`,
        ['tracer'],
      )
  }
}

function refuse(ctx: z.RefinementCtx, message: string, path: string[]): never {
  ctx.addIssue({ code: 'custom', message, path })
  return z.NEVER as never
}

/** debug_traceTransaction's and debug_traceBlock*'s second parameter (geth's TraceConfig). */
export const traceConfig = z
  .object(traceConfigFields, { error: 'expected a trace config object' })
  .nullish()
  .transform((config, ctx) => toTracerSpec(config ?? {}, ctx))

/** debug_traceCall's third parameter: a TraceConfig with geth's state and block overrides. */
export const traceCallConfig = z
  .object(
    {
      ...traceConfigFields,
      stateOverrides: stateOverride.nullish(),
      blockOverrides: blockOverrides.nullish(),
      txIndex: z.null({ error: 'txIndex is not supported: chainsim traces a call on the state after the whole block' }).optional(),
    },
    { error: 'expected a trace config object' },
  )
  .nullish()
  .transform((config, ctx) => ({
    spec: toTracerSpec(config ?? {}, ctx),
    stateOverrides: config?.stateOverrides ?? undefined,
    blockOverrides: config?.blockOverrides ?? undefined,
  }))
