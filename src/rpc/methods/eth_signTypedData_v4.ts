import type { Hex } from 'viem'
import { defineMethod, returns, twinOf } from '../defineMethod.ts'
import { toData } from '../formatters/hex.ts'
import { address } from '../schemas.ts'
import { typedData } from '../typedData.ts'

/**
 * eth_signTypedData_v4 [address, typedData]: the dev account's EIP-712 signature (permits, orders...), as
 * Anvil and MetaMask answer it. The typed data is an object or its JSON text (viem sends text); values are
 * checked against their types.
 */
export const eth_signTypedData_v4 = defineMethod({
  name: 'eth_signTypedData_v4',
  description: "A dev account's EIP-712 signature; the typed data as an object or its JSON text.",
  params: [address, typedData],
  result: returns<Hex>(),
  faultyArgument: { invalidTypedData: 1 },
  handler: async ([account, typed], { node }) => toData(await node.signing.signTypedData(account, typed)),
})

/**
 * MetaMask's v3 is v4 without arrays and recursive structs, which sign alike, so v4 answers it; Anvil answers
 * "Not implemented" (docs/reference/compatibility.md).
 */
export const eth_signTypedData_v3 = twinOf(eth_signTypedData_v4, 'eth_signTypedData_v3', 'same')

/**
 * The unversioned name, as geth's clef and ethers' signers use it, takes EIP-712 typed data (v4); MetaMask's
 * legacy list form (v1) is refused naming the argument. Anvil answers "Not implemented".
 */
export const eth_signTypedData = twinOf(eth_signTypedData_v4, 'eth_signTypedData', 'same')
