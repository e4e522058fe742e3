import type { CallFrame, ExecutedTransaction } from '../evm/index.ts'
import { bytesToHex } from '../evm/index.ts'

/**
 * The addresses a transaction touches as Anvil's address search counts them: both ends of every call frame (a
 * creation's end is the account it made, a self-destruct's the beneficiary), read from its call tree. Without
 * one (the state it ran on is no longer kept), what its receipt tells: sender, recipient, contract created and
 * every account that emitted one of its logs.
 */
export function touchedAddresses(executed: ExecutedTransaction, root: CallFrame | undefined): Set<string> {
  const addresses = new Set<string>([executed.signed.fromKey])
  const to = executed.signed.tx.to
  if (to) addresses.add(bytesToHex(to.bytes))
  if (executed.contractAddress) addresses.add(bytesToHex(executed.contractAddress))
  for (const log of executed.logs) addresses.add(bytesToHex(log.address))
  if (root) addFrame(root, addresses)
  return addresses
}

function addFrame(frame: CallFrame, addresses: Set<string>): void {
  addresses.add(bytesToHex(frame.from))
  if (frame.to) addresses.add(bytesToHex(frame.to))
  for (const call of frame.calls) addFrame(call, addresses)
}
