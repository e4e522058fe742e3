import type { z } from 'zod'
import type { MethodContext, MethodHandler } from './methodContext.ts'
import { parseParams } from './schemas.ts'
import type { ParamsOutput } from './schemas.ts'

/**
 * A method whose positional params are checked against `schemas` before `run` sees them, in domain types;
 * errors name the method under which the table serves it (an alias says its own name).
 * @example export const eth_getBalance = withParams([address, blockTagOrHash.optional()], async ([account, ref], { node }) => ...)
 */
export function withParams<const S extends readonly z.ZodType[]>(
  schemas: S,
  run: (params: ParamsOutput<S>, ctx: MethodContext) => unknown,
): MethodHandler {
  return (params, ctx) => run(parseParams(ctx.method, schemas, params), ctx)
}
