import { ChainsimError } from '../errors.ts'
import { keyOf } from '../evm/index.ts'

/** A request to sign for an address the node holds no key of (geth's "unknown account"). */
export class UnknownAccount extends ChainsimError {
  constructor(readonly address: Uint8Array) {
    super(`unknown account ${keyOf(address)}`)
  }
}
