/**
 * Internal errors (-32603) the fuzz suite found whose fix lies outside the RPC layer, in code other
 * engineers own (src/evm, src/node.ts). Each has a `test.fails` regression in regressions.test.ts (or in the
 * method's own test file, where named) that turns red once fixed: then delete its entry here. Any other
 * -32603, or one of these from another method, still fails the fuzz suite.
 */
export type KnownInternalError = {
  /** What goes wrong, and where the fix belongs. */
  what: string
  methods: readonly string[]
  /** Matches the logged cause's message. */
  cause: RegExp
}

// Empty: every internal error the suite has found is fixed. A new one fails the suite until it is
// fixed, or listed here with the test that will turn red once it is.
export const KNOWN_INTERNAL_ERRORS: readonly KnownInternalError[] = []

/** The known entry that explains this internal error, if any. */
export function knownInternalError(method: string, causeMessage: string): KnownInternalError | undefined {
  return KNOWN_INTERNAL_ERRORS.find((known) => known.methods.includes(method) && known.cause.test(causeMessage))
}
