import { BlockRangeLimitError } from '../../errors.ts'
import type { ProviderShape } from './providerShape.ts'

/**
 * QuickNode. Its paid plans cap eth_getLogs at a 10,000-block range (its eth_getLogs reference; 5 blocks on the
 * free trial, `maxBlockRange: 5`), counted as `toBlock − fromBlock`: Ponder's live test is answered for
 * `[from, from + 10000]` and refused one block wider. The refusal is -32614 `eth_getLogs is limited to a 10,000
 * range` (Ponder's test, and Envio's RpcSource parses `limited to a N`) with a non-200 HTTP status (viem raises
 * an HttpRequestError there), 413 as public endpoints on QuickNode's stack answer it. It names no range to try:
 * clients split by the cap. No result cap, timeout or parameter cap is documented.
 */
export const quicknode: ProviderShape = {
  limits: { maxBlockRange: 10_000 },
  words: {
    rangeTooWide: ({ limit }) => new BlockRangeLimitError(`eth_getLogs is limited to a ${limit.toLocaleString('en-US')} range`, { httpStatus: 413 }),
  },
}
