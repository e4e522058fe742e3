import type { MethodHandler } from '../methodContext.ts'
import { withParams } from '../withParams.ts'
import { toData } from '../formatters/hex.ts'
import { address } from '../schemas.ts'
import { typedData } from '../typedData.ts'

/**
 * eth_signTypedData_v4 [address, typedData]: the dev account's EIP-712 signature (permits, orders...), as
 * Anvil and MetaMask answer it. The typed data is an object or its JSON text (viem sends text); values are
 * checked against their types.
 */
export const eth_signTypedData_v4: MethodHandler = withParams([address, typedData], async ([account, typed], { node }) => {
  return toData(await node.signing.signTypedData(account, typed))
})
