import type { Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startChainsim, type Chainsim } from '../../src/testing/index.ts'
import { hasAnvil, startAnvil, type AnvilProcess } from '../helpers/anvil.ts'
import { deployTokenViaRpc, devAccount, hex, minedReceiptOf as receiptOf, send, signRaw, tokenCall } from '../helpers/rpcChain.ts'
import { rpc, rpcRaw } from '../helpers/rpcClient.ts'

/**
 * EIP-3607 on chainsim and on Anvil 1.7.1: an impersonated sender may be a contract (anvil_impersonateAccount,
 * auto-impersonation), as Anvil and Hardhat allow and OpenZeppelin's suite relies on; a transaction signed with a
 * key whose address has code is still refused, as geth refuses it.
 */
let chainsim: Chainsim
let anvil: AnvilProcess | undefined
beforeAll(async () => {
  chainsim = await startChainsim()
  if (hasAnvil) anvil = await startAnvil()
}, 60_000)
afterAll(async () => {
  await chainsim?.close()
  await anvil?.close()
})

const bob = devAccount(1).address.toLowerCase() as Hex

const targets = () => [['chainsim', chainsim.url], ...(anvil ? [['Anvil', anvil.url]] : [])] as const

describe.each([['chainsim'], ...(hasAnvil ? [['Anvil']] : [])])('%s', (name) => {
  const urlOf = () => targets().find(([target]) => target === name)?.[1] as string

  test('an impersonated contract sends a transaction and a token call from its own address', async () => {
    const url = urlOf()
    const token = await deployTokenViaRpc(url)
    await rpc(url, 'anvil_impersonateAccount', [token])
    await rpc(url, 'anvil_setBalance', [token, hex(10n ** 18n)])
    const paid = await receiptOf(url, await send(url, { from: token, to: bob, value: '0x5' }))
    expect(paid).toMatchObject({ status: '0x1', from: token })
    // The contract's code stays: the sender's account was written back whole.
    expect((await rpc<Hex>(url, 'eth_getCode', [token, 'latest'])).length).toBeGreaterThan(2)
    const called = await receiptOf(url, await send(url, { from: token, to: token, data: tokenCall('approve', [bob, 7n]) }))
    expect(called.status).toBe('0x1')
    expect(BigInt(await rpc(url, 'eth_getTransactionCount', [token, 'latest']))).toBe(3n)
  })

  test('auto-impersonation sends from any contract without impersonating it first', async () => {
    const url = urlOf()
    const token = await deployTokenViaRpc(url)
    await rpc(url, 'anvil_setBalance', [token, hex(10n ** 18n)])
    await rpc(url, 'anvil_autoImpersonateAccount', [true])
    expect((await receiptOf(url, await send(url, { from: token, to: bob, value: '0x1' }))).status).toBe('0x1')
    await rpc(url, 'anvil_autoImpersonateAccount', [false])
    const refused = await rpcRaw(url, 'eth_sendTransaction', [{ from: token, to: bob, value: '0x1' }])
    expect(refused.error, JSON.stringify(refused)).toBeDefined()
  })
})

/** Gives dev account 5 code, then sends a transfer signed with its key; the hash. */
async function sendSignedFromCode(url: string): Promise<Hex> {
  await rpc(url, 'anvil_setCode', [devAccount(5).address, '0x6000'])
  const raw = await signRaw(url, 5, { type: 'eip1559', chainId: 31337, to: bob, value: 1n, gas: 21_000n, maxFeePerGas: 10n ** 10n, maxPriorityFeePerGas: 1n })
  return rpc<Hex>(url, 'eth_sendRawTransaction', [raw])
}

test('chainsim, as geth: a transaction signed with a key whose address has code is pooled, never mined', async () => {
  const hash = await sendSignedFromCode(chainsim.url)
  await rpc(chainsim.url, 'evm_mine')
  expect(await rpc(chainsim.url, 'eth_getTransactionReceipt', [hash])).toBeNull()
  expect(await rpc(chainsim.url, 'eth_getTransactionCount', [devAccount(5).address, 'latest'])).toBe('0x0')
})

test.skipIf(!hasAnvil)('Anvil mines it (it lifts EIP-3607 for every sender): the difference compatibility.md names', async () => {
  expect((await receiptOf(anvil!.url, await sendSignedFromCode(anvil!.url))).status).toBe('0x1')
})
