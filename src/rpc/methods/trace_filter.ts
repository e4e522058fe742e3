import type { Address, Hex } from 'viem'
import { z } from 'zod'
import { InvalidParamsError } from '../../errors.ts'
import { defineMethod, returns } from '../defineMethod.ts'
import { toData } from '../formatters/hex.ts'
import { endsOf } from '../formatters/parityTrace.ts'
import type { LocalizedParityTrace, ParityTrace } from '../formatters/parityTrace.ts'
import { jsonCount } from '../otsParams.ts'
import { parityTracesOfBlock } from '../parityTracing.ts'
import { address, blockTag } from '../schemas.ts'
import type { BlockTag } from '../../chain/types.ts'

/** Anvil's cap on the blocks one trace_filter re-executes: the scan costs the range, so the range is bounded. */
const MAX_BLOCK_DISTANCE = 300n

const traceFilter = z.strictObject(
  {
    fromBlock: blockTag.optional(),
    toBlock: blockTag.optional(),
    fromAddress: z.array(address, { error: 'expected an array of addresses' }).optional(),
    toAddress: z.array(address, { error: 'expected an array of addresses' }).optional(),
    after: jsonCount.optional(),
    count: jsonCount.optional(),
    mode: z.enum(['union', 'intersection'], { error: 'expected "union" or "intersection"' }).optional(),
  },
  { error: 'expected a trace filter object' },
) as z.ZodType<
  {
    fromBlock?: bigint | BlockTag
    toBlock?: bigint | BlockTag
    fromAddress?: Uint8Array[]
    toAddress?: Uint8Array[]
    after?: number
    count?: number
    mode?: 'union' | 'intersection'
  },
  {
    fromBlock?: BlockTag | Hex
    toBlock?: BlockTag | Hex
    fromAddress?: Address[]
    toAddress?: Address[]
    after?: number
    count?: number
    mode?: 'union' | 'intersection'
  }
>

export const trace_filter = defineMethod({
  name: 'trace_filter',
  description:
    'The Parity traces of the canonical blocks in a range (at most 301 blocks, as Anvil) whose caller is in `fromAddress` or callee in `toAddress`, then `after` skipped and `count` kept.',
  params: [traceFilter],
  result: returns<LocalizedParityTrace[]>(),
  reads: { state: true },
  handler: async ([filter], { node }) => {
    const numberOf = (tag: bigint | BlockTag | undefined, fallback: bigint) =>
      tag === undefined ? fallback : typeof tag === 'bigint' ? tag : tag === 'pending' ? node.head.number : node.chain.tagNumber(tag)
    const head = node.head.number
    const from = numberOf(filter.fromBlock, 0n)
    const to = numberOf(filter.toBlock, head)
    if (from > to) throw new InvalidParamsError('invalid argument 0: fromBlock is after toBlock')
    if (to - from > MAX_BLOCK_DISTANCE) throw new InvalidParamsError(`invalid argument 0: at most ${MAX_BLOCK_DISTANCE + 1n} blocks per trace_filter`)
    const matches = matcherOf(filter.fromAddress ?? [], filter.toAddress ?? [], filter.mode ?? 'union')
    const found: LocalizedParityTrace[] = []
    for (let n = from; n <= to && n <= head; n++) {
      const block = node.chain.blockByNumber(n)
      if (block) found.push(...(await parityTracesOfBlock(node, block)).filter(matches))
    }
    const skipped = found.slice(filter.after ?? 0)
    return filter.count === undefined ? skipped : skipped.slice(0, filter.count)
  },
})

/** Parity's address matching: either list may be empty (any address); `union` asks one listed end to match, `intersection` both. */
function matcherOf(fromAddresses: Uint8Array[], toAddresses: Uint8Array[], mode: 'union' | 'intersection'): (trace: ParityTrace) => boolean {
  const fromSet = new Set(fromAddresses.map(toData))
  const toSet = new Set(toAddresses.map(toData))
  if (fromSet.size === 0 && toSet.size === 0) return () => true
  return (trace) => {
    const { from, to } = endsOf(trace)
    const fromMatches = fromSet.has(from)
    const toMatches = to !== undefined && toSet.has(to)
    if (mode === 'union') return fromMatches || toMatches
    return (fromSet.size === 0 || fromMatches) && (toSet.size === 0 || toMatches)
  }
}
