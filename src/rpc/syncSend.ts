import type { RpcTransactionReceipt } from 'viem'
import { z } from 'zod'
import type { ChainNode } from '../node.ts'
import { formatReceipt } from './formatters/receipt.ts'
import { quantity } from './schemas.ts'

/** geth's wait for a sync send when none is asked for (`--rpc.txsync.defaulttimeout`); Anvil waits 30 s. */
export const DEFAULT_SYNC_TIMEOUT_MS = 20_000
/** geth's longest wait (`--rpc.txsync.maxtimeout`): a longer one asked for is cut to it. */
export const MAX_SYNC_TIMEOUT_MS = 60_000

/** A sync send's wait in milliseconds, as geth takes it (a JSON number; a hex quantity too); 0 means the default. */
export const syncTimeout = z.union([z.number({ error: 'expected timeout in milliseconds' }).int().nonnegative(), quantity.transform(Number)], {
  error: 'expected timeout in milliseconds (a number or a 0x-prefixed hex number)',
}) as unknown as z.ZodType<number, number>

/**
 * EIP-7966: the receipt of the transaction `hash` once it is mined on the canonical chain, waiting at most
 * `timeoutMs` (geth's default and cap); mined at once under automine, by the next block otherwise.
 */
export async function receiptOnceMined(node: ChainNode, hash: Uint8Array, timeoutMs: number | undefined): Promise<RpcTransactionReceipt> {
  const wait = !timeoutMs ? DEFAULT_SYNC_TIMEOUT_MS : Math.min(timeoutMs, MAX_SYNC_TIMEOUT_MS)
  const location = await node.minedWithin(hash, wait)
  return formatReceipt(location.block, location.index)
}
