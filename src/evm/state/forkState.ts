import type { Common } from '@ethereumjs/common'
import { bigIntToAddressBytes, bytesToHex, hexToBytes, setLengthLeft } from '@ethereumjs/util'
import { ForkSourceError } from '../errors.ts'

/** An account as the upstream chain holds it at the fork block. */
export interface UpstreamAccount {
  nonce: bigint
  balance: bigint
  codeHash: Uint8Array
}

/**
 * Where a forked chain reads the state it has not written itself: the upstream chain at the fork block.
 * Each answer is fixed for a given fork block, so the source may cache it for good. A failure throws a
 * {@link ForkSourceError}.
 */
export interface ForkedStateSource {
  /** The account at the fork block; undefined when there is none (or an empty one). */
  account(address: Uint8Array): Promise<UpstreamAccount | undefined>
  /** The code of an account that has some at the fork block. */
  code(address: Uint8Array): Promise<Uint8Array>
  /** A storage slot's value at the fork block (left-padded or minimal, either). */
  storage(address: Uint8Array, slot: Uint8Array): Promise<Uint8Array>
  /** The hash of a block at or below the fork block (BLOCKHASH). */
  blockHash(number: bigint): Promise<Uint8Array | undefined>
}

/** What every copy of one fork's state manager shares: the source, and the root the fork block stands for. */
export class ForkStateLink {
  private readonly aliases = new Map<string, Uint8Array>()

  constructor(readonly source: ForkedStateSource) {}

  /** From now on the state root `upstreamRoot` (the fork block's header) means `localRoot`. */
  alias(upstreamRoot: Uint8Array, localRoot: Uint8Array): void {
    this.aliases.set(bytesToHex(upstreamRoot), localRoot)
  }

  localRootOf(root: Uint8Array): Uint8Array {
    return this.aliases.get(bytesToHex(root)) ?? root
  }
}

// EIP-4788's contract is not among the library's parameters.
const BEACON_ROOTS_ADDRESS = hexToBytes('0x000F3df6D732807Ef1319fB7B8bB8522d0Beac02')
// EIP-7002 and EIP-7251 keep their excess, count and queue head and tail in slots 0 to 3.
const REQUEST_QUEUE_SLOTS = [0, 1, 2, 3].map((n) => setLengthLeft(new Uint8Array([n]), 32))

/**
 * What building any block under `common`'s rules reads besides its transactions: the system contracts of
 * EIP-4788, EIP-2935, EIP-7002 and EIP-7251 (with the request queues' slots) and the system address. A fork
 * fetches them at start in the same round trip as the dev accounts, rather than one by one in its first block.
 */
export function stateEveryBlockReads(common: Common): { accounts: Uint8Array[]; slots: Array<[address: Uint8Array, slot: Uint8Array]> } {
  const param = (name: string) => bigIntToAddressBytes(common.param(name))
  const accounts: Uint8Array[] = []
  const slots: Array<[Uint8Array, Uint8Array]> = []
  if (common.isActivatedEIP(4788)) accounts.push(BEACON_ROOTS_ADDRESS)
  if (common.isActivatedEIP(2935)) accounts.push(param('historyStorageAddress'))
  for (const [eip, name] of [
    [7002, 'withdrawalRequestPredeployAddress'],
    [7251, 'consolidationRequestPredeployAddress'],
  ] as const) {
    if (!common.isActivatedEIP(eip)) continue
    const address = param(name)
    accounts.push(address)
    for (const slot of REQUEST_QUEUE_SLOTS) slots.push([address, slot])
  }
  if (common.isActivatedEIP(7002) || common.isActivatedEIP(7251)) accounts.push(param('systemAddress'))
  return { accounts, slots }
}
