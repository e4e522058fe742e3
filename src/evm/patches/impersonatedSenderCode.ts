import type { Account, Address } from '@ethereumjs/util'
import { equalsBytes, KECCAK256_NULL } from '@ethereumjs/util'
import type { VM } from '@ethereumjs/vm'

/**
 * Runs `run` (one runTx of a transaction sent as an impersonated `sender`) with EIP-3607 lifted for that sender,
 * as Anvil and Hardhat lift it: an impersonated account may be a contract. runTx refuses a sender whose account
 * has code ("address is not EOA") and has no option to skip the check, which reads the code hash of the account
 * it gets first for the sender. So the first read of the sender's account answers a copy without the code hash,
 * and that copy, when runTx puts it back (its nonce and balance paid), is written with the real one; every other
 * read sees the account as it is. The two methods are replaced on this VM's state manager for the call only.
 * test/evm/patches/ holds what this assumes of runTx.
 */
export async function withSenderCodeUnseen<T>(vm: VM, sender: Address, run: () => Promise<T>): Promise<T> {
  const state = vm.stateManager
  const { getAccount, putAccount } = state
  let unseen: { copy: Account; codeHash: Uint8Array } | undefined
  let first = true
  Object.defineProperty(state, 'getAccount', {
    configurable: true,
    value: async (address: Address) => {
      const account = await getAccount.call(state, address)
      if (!first || account === undefined || !address.equals(sender)) return account
      first = false
      if (equalsBytes(account.codeHash, KECCAK256_NULL)) return account
      const copy = Object.assign(Object.create(Object.getPrototypeOf(account)) as Account, account)
      copy.codeHash = KECCAK256_NULL
      unseen = { copy, codeHash: account.codeHash }
      return copy
    },
  })
  Object.defineProperty(state, 'putAccount', {
    configurable: true,
    value: async (address: Address, account: Account | undefined) => {
      if (unseen !== undefined && account === unseen.copy) {
        const real = Object.assign(Object.create(Object.getPrototypeOf(account)) as Account, account)
        real.codeHash = unseen.codeHash
        return putAccount.call(state, address, real)
      }
      return putAccount.call(state, address, account)
    },
  })
  try {
    return await run()
  } finally {
    delete (state as unknown as Record<string, unknown>)['getAccount']
    delete (state as unknown as Record<string, unknown>)['putAccount']
  }
}
