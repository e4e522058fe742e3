import { genWithdrawalsTrieRoot } from '@ethereumjs/block'
import { Account, Address, createWithdrawal } from '@ethereumjs/util'
import type { Withdrawal as LibraryWithdrawal } from '@ethereumjs/util'
import type { VM } from '@ethereumjs/vm'

/** An EIP-4895 withdrawal from the beacon chain, as a block carries it; `amount` is in gwei. */
export interface Withdrawal {
  index: bigint
  validatorIndex: bigint
  address: Uint8Array
  amount: bigint
}

const GWEI = 1_000_000_000n

/** The library's withdrawal objects, for a block body. */
export function libraryWithdrawals(withdrawals: readonly Withdrawal[]): LibraryWithdrawal[] {
  return withdrawals.map((w) => createWithdrawal({ index: w.index, validatorIndex: w.validatorIndex, address: w.address, amount: w.amount }))
}

/** A block's withdrawals in domain terms (none before Shanghai). */
export function withdrawalsOf(block: { withdrawals?: readonly LibraryWithdrawal[] }): Withdrawal[] {
  return (block.withdrawals ?? []).map((w) => ({ index: w.index, validatorIndex: w.validatorIndex, address: w.address.bytes, amount: w.amount }))
}

/** The withdrawals root a header commits to. */
export function withdrawalsRootOf(withdrawals: readonly LibraryWithdrawal[]): Promise<Uint8Array> {
  return genWithdrawalsTrieRoot([...withdrawals])
}

/**
 * Credits each withdrawal to its address, after the block's transactions, as `runBlock` does: through the
 * EVM's journal, so that a withdrawal of nothing to an empty account touches it and EIP-161 removes it again.
 */
export async function payWithdrawals(vm: VM, withdrawals: readonly Withdrawal[]): Promise<void> {
  if (withdrawals.length === 0) return
  for (const { address, amount } of withdrawals) {
    const at = new Address(address)
    const account = (await vm.evm.stateManager.getAccount(at)) ?? new Account()
    account.balance += amount * GWEI
    await vm.evm.journal.putAccount(at, account)
  }
  await vm.evm.journal.cleanup()
}
