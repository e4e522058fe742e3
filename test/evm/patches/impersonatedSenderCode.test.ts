import { createTx } from '@ethereumjs/tx'
import { Account, Address } from '@ethereumjs/util'
import { createVM, runTx } from '@ethereumjs/vm'
import { describe, expect, test } from 'vitest'
import { createDevCommon } from '../../../src/evm/index.ts'
import { withGivenSender } from '../../../src/evm/patches/givenIdentity.ts'
import { withSenderCodeUnseen } from '../../../src/evm/patches/impersonatedSenderCode.ts'

// What patches/impersonatedSenderCode.ts assumes of runTx: it refuses a sender with code (EIP-3607) after
// reading the sender's account through the VM's state manager, and puts that same object back once paid.
const common = createDevCommon(31337n, 'sender-code')
const code = Uint8Array.of(0x60, 0x00)

async function contractSender() {
  const vm = await createVM({ common })
  const sender = new Address(new Uint8Array(20).fill(0x11))
  await vm.stateManager.putAccount(sender, new Account(0n, 10n ** 18n))
  await vm.stateManager.putCode(sender, code)
  const transfer = () =>
    withGivenSender(
      createTx({ type: 2, to: new Uint8Array(20).fill(0x22), value: 1n, gasLimit: 21_000n, maxFeePerGas: 10n ** 10n }, { common, freeze: false }),
      sender,
    )
  return { vm, sender, transfer }
}

describe('patch: EIP-3607 lifted for an impersonated sender', () => {
  test('runTx still refuses a sender with code by itself (else the patch is not needed any more)', async () => {
    const { vm, transfer } = await contractSender()
    await expect(runTx(vm, { tx: transfer(), skipHardForkValidation: true })).rejects.toThrow(/not EOA/)
  })

  test('with the patch it runs, the sender pays and counts a nonce, and keeps its code', async () => {
    const { vm, sender, transfer } = await contractSender()
    const result = await withSenderCodeUnseen(vm, sender, () => runTx(vm, { tx: transfer(), skipHardForkValidation: true }))
    expect(result.execResult.exceptionError).toBeUndefined()
    const account = await vm.stateManager.getAccount(sender)
    expect(account?.nonce).toBe(1n)
    expect(account?.balance).toBeLessThan(10n ** 18n - 1n)
    expect(await vm.stateManager.getCode(sender)).toEqual(code)
  })

  test('the state manager is left as it was, even when the transaction fails', async () => {
    const { vm, sender } = await contractSender()
    await expect(withSenderCodeUnseen(vm, sender, () => Promise.reject(new Error('boom')))).rejects.toThrow('boom')
    expect(Object.hasOwn(vm.stateManager, 'getAccount')).toBe(false)
    expect(Object.hasOwn(vm.stateManager, 'putAccount')).toBe(false)
  })
})
