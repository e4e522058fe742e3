import { DomainError } from '../errors.ts'

/**
 * anvil_setChainId on a network kept in a `--state` file: the file decodes every block's transactions under the
 * network's configured chain id, so one signed for another id would not read back after a restart.
 */
export class ChainIdKeptByStateFile extends DomainError {
  readonly kind = 'chainIdKeptByStateFile'

  constructor(readonly chainId: bigint) {
    super(`the chain id of a network kept in a --state file stays ${chainId}, the one it is configured with (serve without --state to change it)`)
  }
}

/**
 * anvil_dumpState in chainsim's format of a network whose chain id was changed: the format executes every block
 * again under one chain id, so its transactions signed for the other would not load back.
 */
export class ChainIdChangedSinceGenesis extends DomainError {
  readonly kind = 'chainIdChangedSinceGenesis'

  constructor(
    readonly genesisChainId: bigint,
    readonly chainId: bigint,
  ) {
    super(
      `chainsim's dump format cannot hold a chain whose chain id changed (${genesisChainId}, now ${chainId}, by anvil_setChainId): dump it with the format "anvil"`,
    )
  }
}
