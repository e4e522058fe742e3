import type { MethodHandler } from '../methodContext.ts'
import { withParams } from '../withParams.ts'
import { toData } from '../formatters/hex.ts'
import { address, data } from '../schemas.ts'

/**
 * eth_sign [address, data]: the dev account's EIP-191 signature of `data` (geth's eth_sign: keccak of
 * "\x19Ethereum Signed Message:\n" ‖ length ‖ data), 65 bytes with v 27 or 28; another address is
 * -32000 "unknown account".
 */
export const eth_sign: MethodHandler = withParams([address, data], async ([account, message], { node }) => {
  return toData(await node.signing.signMessage(account, message))
})
