import type { z } from 'zod'
import type { MethodContext, MethodHandler } from './methodContext.ts'
import { parseParams } from './schemas.ts'
import type { ParamsOutput } from './schemas.ts'

export interface ParamsOptions {
  /**
   * Runs on the params as they came over the wire, before any is validated or converted: a method with list
   * parameters refuses an oversized list here, so that the refusal costs what parsing the JSON cost.
   */
  countFirst?: (params: readonly unknown[]) => void
}

/**
 * A method whose positional params are checked against `schemas` before `run` sees them, in domain types;
 * errors name the method under which the table serves it (an alias says its own name).
 * @example export const eth_getBalance = withParams([address, blockTagOrHash.optional()], async ([account, ref], { node }) => ...)
 */
export function withParams<const S extends readonly z.ZodType[]>(
  schemas: S,
  run: (params: ParamsOutput<S>, ctx: MethodContext) => unknown,
  { countFirst }: ParamsOptions = {},
): MethodHandler {
  if (!countFirst) return (params, ctx) => run(parseParams(ctx.method, schemas, params), ctx)
  return (params, ctx) => {
    countFirst(params)
    return run(parseParams(ctx.method, schemas, params), ctx)
  }
}
