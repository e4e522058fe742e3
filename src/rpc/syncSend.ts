import type { RpcTransactionReceipt } from 'viem'
import { z } from 'zod'
import type { ChainNode } from '../node.ts'
import { formatReceipt } from './formatters/receipt.ts'
import { quantity } from './schemas.ts'

/** A sync send's wait in milliseconds, as geth takes it (a JSON number; a hex quantity too); 0 means the default. */
export const syncTimeout = z.union([z.number({ error: 'expected timeout in milliseconds' }).int().nonnegative(), quantity.transform(Number)], {
  error: 'expected timeout in milliseconds (a number or a 0x-prefixed hex number)',
}) as unknown as z.ZodType<number, number>

/**
 * EIP-7966: the receipt of the transaction `hash` once it is mined on the canonical chain, waiting at most
 * `timeoutMs` (the network's default when absent or 0, cut to its longest, as geth; Anvil waits 30 s whatever is
 * asked); mined at once under automine, by the next block otherwise.
 */
export async function receiptOnceMined(node: ChainNode, hash: Uint8Array, timeoutMs: number | undefined): Promise<RpcTransactionReceipt> {
  const { defaultMs, maxMs } = node.syncSendTimeouts
  const wait = !timeoutMs ? defaultMs : Math.min(timeoutMs, maxMs)
  const location = await node.minedWithin(hash, wait)
  return formatReceipt(location.block, location.index)
}
