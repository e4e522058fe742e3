import type { Hex } from 'viem'
import { defineMethod, returns } from '../defineMethod.ts'
import { toData } from '../formatters/hex.ts'
import { address, data } from '../schemas.ts'

/**
 * eth_sign [address, data]: the dev account's EIP-191 signature of `data` (geth's eth_sign: keccak of
 * "\x19Ethereum Signed Message:\n" ‖ length ‖ data), 65 bytes with v 27 or 28; another address is
 * -32000 "unknown account".
 */
export const eth_sign = defineMethod({
  name: 'eth_sign',
  description: "A dev account's EIP-191 signature of the data (65 bytes, v 27 or 28).",
  params: [address, data],
  result: returns<Hex>(),
  handler: async ([account, message], { node }) => toData(await node.signing.signMessage(account, message)),
})
