import { createBlock } from '@ethereumjs/block'
import type { Block } from '@ethereumjs/block'
import { Hardfork } from '@ethereumjs/common'
import type { Common } from '@ethereumjs/common'
import { bytesToHex, equalsBytes } from '@ethereumjs/util'
import { ChainsimError } from '../../errors.ts'

/** A block header as an upstream node answers it, in domain types; fields a fork did not have are absent. */
export interface UpstreamHeader {
  hash: Uint8Array
  parentHash: Uint8Array
  uncleHash: Uint8Array
  coinbase: Uint8Array
  stateRoot: Uint8Array
  transactionsTrie: Uint8Array
  receiptTrie: Uint8Array
  logsBloom: Uint8Array
  difficulty: bigint
  number: bigint
  gasLimit: bigint
  gasUsed: bigint
  timestamp: bigint
  extraData: Uint8Array
  mixHash: Uint8Array
  nonce: Uint8Array
  baseFeePerGas?: bigint
  withdrawalsRoot?: Uint8Array
  blobGasUsed?: bigint
  excessBlobGas?: bigint
  parentBeaconBlockRoot?: Uint8Array
  requestsHash?: Uint8Array
}

/** The upstream's fork block cannot be rebuilt with its own hash, so nothing could be mined on it. */
export class ForkBlockError extends ChainsimError {}

/**
 * The fork block as chainsim holds it: the upstream's header, rebuilt field for field under the fork its
 * fields show, so that its hash is the upstream's and the first local block's parent hash points at it.
 * Its transactions stay upstream (they are answered from there).
 */
export function forkBlockFromHeader(header: UpstreamHeader, common: Common): Block {
  const rules = common.copy()
  rules.setHardfork(hardforkOfFields(header))
  const block = createBlock(
    {
      header: {
        parentHash: header.parentHash,
        uncleHash: header.uncleHash,
        coinbase: header.coinbase,
        stateRoot: header.stateRoot,
        transactionsTrie: header.transactionsTrie,
        receiptTrie: header.receiptTrie,
        logsBloom: header.logsBloom,
        difficulty: header.difficulty,
        number: header.number,
        gasLimit: header.gasLimit,
        gasUsed: header.gasUsed,
        timestamp: header.timestamp,
        extraData: header.extraData,
        mixHash: header.mixHash,
        nonce: header.nonce,
        baseFeePerGas: header.baseFeePerGas,
        withdrawalsRoot: header.withdrawalsRoot,
        blobGasUsed: header.blobGasUsed,
        excessBlobGas: header.excessBlobGas,
        parentBeaconBlockRoot: header.parentBeaconBlockRoot,
        requestsHash: header.requestsHash,
      },
    },
    { common: rules, skipConsensusFormatValidation: true },
  )
  if (!equalsBytes(block.hash(), header.hash)) {
    throw new ForkBlockError(
      `block ${header.number}'s header does not hash to the upstream's ${bytesToHex(header.hash)} (rebuilt: ${bytesToHex(block.hash())}); chainsim forks Ethereum-format headers`,
    )
  }
  return block
}

/** The newest fork whose header fields the block carries: the fields decide the encoding, so the hash. */
function hardforkOfFields(header: UpstreamHeader): Hardfork {
  if (header.requestsHash !== undefined) return Hardfork.Prague
  if (header.parentBeaconBlockRoot !== undefined) return Hardfork.Cancun
  if (header.withdrawalsRoot !== undefined) return Hardfork.Shanghai
  if (header.baseFeePerGas !== undefined) return header.difficulty === 0n ? Hardfork.Paris : Hardfork.London
  return Hardfork.Berlin
}
