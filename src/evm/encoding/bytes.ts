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
export { keccak256 } from '../crypto/crypto.ts'

import { hexKey } from './hexKey.ts'

/** A map key for bytes (hashes, addresses): lower-case 0x hex, as one flat string. */
export function keyOf(bytes: Uint8Array): string {
  return hexKey(bytes)
}
