/** The header fields the network's configuration chooses for its blocks. */
export interface ConfiguredBlockFields {
  gasLimit: bigint
  coinbase: Uint8Array
}

/**
 * What the node's next blocks are built with besides their transactions, as Anvil keeps it: the gas limit
 * (evm_setBlockGasLimit) and the coinbase (anvil_setCoinbase), which start as configured and hold until
 * changed, and a base fee set for the next mined block only (anvil_setNextBlockBaseFeePerGas).
 */
export class BlockParameters {
  gasLimit: bigint
  coinbase: Uint8Array
  #nextBaseFee: bigint | undefined

  constructor(private readonly configured: ConfiguredBlockFields) {
    this.gasLimit = configured.gasLimit
    this.coinbase = configured.coinbase
  }

  /** The base fee set for the next mined block, if any. */
  get nextBaseFee(): bigint | undefined {
    return this.#nextBaseFee
  }

  setNextBaseFee(baseFee: bigint): void {
    this.#nextBaseFee = baseFee
  }

  /** Called once a block is mined on the head: a set base fee was for that block only. */
  blockMined(): void {
    this.#nextBaseFee = undefined
  }

  /** Back to the configuration (anvil_reset). */
  reset(): void {
    this.gasLimit = this.configured.gasLimit
    this.coinbase = this.configured.coinbase
    this.#nextBaseFee = undefined
  }
}
