// The one place the rest of chainsim gets byte and hex helpers, so that only evm/ imports @ethereumjs.
export {
  bytesToBigInt,
  bigIntToBytes,
  bytesToHex,
  hexToBytes,
  equalsBytes,
  concatBytes,
  setLengthLeft,
  intToBytes,
} from '@ethereumjs/util'
export { keccak256 } from './crypto.ts'

import { bytesToHex } from '@ethereumjs/util'

/** A map key for bytes (hashes, addresses): lower-case 0x hex. */
export function keyOf(bytes: Uint8Array): string {
  return bytesToHex(bytes)
}
