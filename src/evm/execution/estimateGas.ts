import type { CallResult } from './messageCall.ts'

/**
 * The least gas with which a call succeeds, by binary search as geth does, given a way to run it with a gas
 * limit. A call that fails even with `cap` returns that failing result instead.
 */
export async function estimateGas(runWith: (gas: bigint) => Promise<CallResult>, cap: bigint): Promise<{ gas: bigint } | { failure: CallResult }> {
  const first = await runWith(cap)
  if (!first.success) return { failure: first }
  let low = first.gasUsed - 1n
  let high = cap
  // Most calls succeed with exactly what they used (no refund, no sub-call keeping gas back): one run says
  // so, where the search would take a dozen. Else most succeed with that plus the 1/64 a call must keep
  // back (EIP-150). Each guess that fails raises the floor of the search.
  for (const guess of [first.gasUsed, (first.gasUsed * 64n) / 63n]) {
    if (guess <= low || guess >= high) continue
    if ((await runWith(guess)).success) {
      high = guess
      break
    }
    low = guess
  }
  while (low + 1n < high) {
    const mid = (low + high) / 2n
    if ((await runWith(mid)).success) high = mid
    else low = mid
  }
  return { gas: high }
}
