import { createBlock, paramsBlock } from '@ethereumjs/block'
import type { Block } from '@ethereumjs/block'
import { Hardfork, Mainnet, createCustomCommon } from '@ethereumjs/common'
import type { Common } from '@ethereumjs/common'
import { bytesToBigInt, bytesToHex, equalsBytes } from '@ethereumjs/util'
import type { HardforkName } from './hardforks.ts'
import { ForkBlockError } from '../errors.ts'

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

/** What an upstream's eth_config (EIP-7910) says of the rules at its head, in domain types. */
export interface UpstreamRules {
  /** The addresses of its precompiles. */
  precompiles: readonly Uint8Array[]
  /** The most blobs a block may carry (its blob schedule's `max`). */
  maxBlobs?: bigint
}

// EIP-7951's P256VERIFY, the precompile Osaka added: the one mark of Osaka an eth_config answer carries.
const P256VERIFY = 0x100n

/**
 * The rules an upstream ran at the fork block, for a chain whose fork schedule chainsim does not know: the
 * header's fields show every fork up to Prague; the forks after it added no header field, so Osaka is read
 * from the upstream's eth_config (P256VERIFY among its precompiles) and a BPO fork from its blob maximum.
 * An upstream that does not answer eth_config is taken at what its header shows.
 */
export function hardforkOfUpstream(header: UpstreamHeader, rules: UpstreamRules | undefined): HardforkName {
  const fromFields = hardforkOfFields(header)
  if (fromFields !== Hardfork.Prague || !rules?.precompiles.some((address) => bytesToBigInt(address) === P256VERIFY)) return fromFields
  const byBlobs = [Hardfork.Bpo2, Hardfork.Bpo1].find((fork) => rules.maxBlobs !== undefined && rules.maxBlobs === maxBlobsAt(fork))
  return byBlobs ?? Hardfork.Osaka
}

/** A BPO fork's blob maximum: its own block parameter (`max`), which only a Common at that fork reads. */
function maxBlobsAt(fork: HardforkName): bigint {
  return createCustomCommon({}, Mainnet, { hardfork: fork, params: paramsBlock }).param('max')
}

/** The newest fork whose header fields the block carries: the fields decide the encoding, so the hash. */
function hardforkOfFields(header: UpstreamHeader): HardforkName {
  if (header.requestsHash !== undefined) return Hardfork.Prague
  if (header.parentBeaconBlockRoot !== undefined) return Hardfork.Cancun
  if (header.withdrawalsRoot !== undefined) return Hardfork.Shanghai
  if (header.baseFeePerGas !== undefined) return header.difficulty === 0n ? Hardfork.Paris : Hardfork.London
  return Hardfork.Berlin
}
