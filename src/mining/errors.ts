import { ChainsimError } from '../errors.ts'

/**
 * anvil_setChainId on a network kept in a `--state` file: the file decodes every block's transactions under the
 * network's configured chain id, so one signed for another id would not read back after a restart.
 */
export class ChainIdKeptByStateFile extends ChainsimError {
  constructor(readonly chainId: bigint) {
    super(`the chain id of a network kept in a --state file stays ${chainId}, the one it is configured with (serve without --state to change it)`)
  }
}
