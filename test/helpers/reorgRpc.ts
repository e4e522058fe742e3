import type { Hex } from 'viem'
import { devAccount, send, tokenCall } from './rpcChain.ts'
import { rpc } from './rpcClient.ts'

/** A log as eth_getFilterChanges and eth_getLogs answer it over the wire. */
export type WireLog = {
  address: Hex
  topics: Hex[]
  data: Hex
  blockNumber: Hex
  transactionHash: Hex
  transactionIndex: Hex
  blockHash: Hex
  blockTimestamp: Hex
  logIndex: Hex
  removed: boolean
}

/** A filter's changes since its last poll. */
export const changes = <T = WireLog>(url: string, id: string) => rpc<T[]>(url, 'eth_getFilterChanges', [id])

/** An ERC-20 transfer of `amount` to `to`, sent by the first dev account unless told, with its receipt. */
export const transferOn = (url: string, tokenAddress: Hex, to: Hex, amount: bigint, from: Hex = devAccount(0).address) =>
  send(url, { from, to: tokenAddress, data: tokenCall('transfer', [to, amount]) })

/** eth_getBlockByNumber. */
export const block = (url: string, tag: Hex | 'latest' | 'pending', full = false) => rpc(url, 'eth_getBlockByNumber', [tag, full])

/** The head's number. */
export async function head(url: string): Promise<bigint> {
  return BigInt(await rpc<Hex>(url, 'eth_blockNumber'))
}
