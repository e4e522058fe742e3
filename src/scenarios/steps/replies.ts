import { showValue } from '../diff.ts'
import { checkValue } from '../expectations.ts'
import type { ExpectationFailure } from '../errors.ts'
import type { Reply } from '../scenarioNetwork.ts'
import type { CallExpectation } from '../schemaParts.ts'
import { resolve } from '../values.ts'
import { StepFailure } from '../errors.ts'
import type { StepContext, StepOutcome } from './context.ts'

/**
 * Checks a reply against a call expectation. Without `error`, the call must succeed and the checks look
 * at its result; with `error`, it must fail, and they look at the error object, which is also the value.
 */
export function expectReply(reply: Reply, rawExpect: CallExpectation | undefined, ctx: StepContext): StepOutcome {
  const expect = rawExpect === undefined ? undefined : (resolve(rawExpect, ctx.bindings) as CallExpectation)
  const failures: ExpectationFailure[] = []
  const { error: expectedError, httpStatus, ...checks } = expect ?? {}
  if (httpStatus !== undefined && (reply.httpStatus ?? 200) !== httpStatus) {
    failures.push({ message: `HTTP status ${reply.httpStatus ?? 200}, expected ${httpStatus}`, expected: httpStatus, actual: reply.httpStatus ?? 200 })
  }
  if (expectedError === undefined) {
    if (!reply.ok) {
      const cause = reply.cause instanceof Error ? ` (cause: ${reply.cause.message})` : ''
      throw new StepFailure(`the call failed: ${reply.error.code} ${reply.error.message}${cause}`, { actual: reply.error })
    }
    failures.push(...checkValue(reply.result, checks))
    return { value: reply.result, failures }
  }
  if (reply.ok) {
    failures.push({ message: `expected an error, got a result: ${showValue(reply.result)}`, expected: { error: expectedError }, actual: reply.result })
    return { value: reply.result, failures }
  }
  if (expectedError !== true) failures.push(...checkValue(reply.error, { contains: expectedError }, 'error'))
  failures.push(...checkValue(reply.error, checks, 'error'))
  return { value: reply.error, failures }
}

/** The result of a call that must succeed (the player's own bookkeeping calls). */
export async function must(pending: Promise<Reply>, method: string): Promise<unknown> {
  const reply = await pending
  if (!reply.ok) throw new StepFailure(`${method} failed: ${reply.error.code} ${reply.error.message}`, { actual: reply.error })
  return reply.result
}
