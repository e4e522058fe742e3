import type { BlockHeader } from '@ethereumjs/block'
import type { Common } from '@ethereumjs/common'
import { RLP } from '@ethereumjs/rlp'
import { bytesToHex, concatBytes } from '@ethereumjs/util'
import { sha256 } from '@noble/hashes/sha2.js'
import { kzg } from '../crypto/kzg.ts'
import { BlobEncodingError } from '../errors.ts'

/** EIP-4844: a blob is 4,096 field elements of 32 bytes. */
export const BYTES_PER_BLOB = 131_072
/** EIP-4844: the blob gas of one blob, in every fork so far (2^17). */
export const GAS_PER_BLOB = 131_072n
/** A KZG commitment or proof: a compressed BLS12-381 G1 point. */
const BYTES_PER_KZG_POINT = 48
/** EIP-7594: a blob extends to 128 cells, each with its own proof. */
export const CELL_PROOFS_PER_BLOB = 128
const BLOB_TX_TYPE = 0x03
const KZG_HASH_VERSION = 0x01

/**
 * The blobs a blob (type 3) transaction travels with to a node, in its network form: not part
 * of its hash nor of any block (a block carries only their versioned hashes).
 */
export interface BlobSidecar {
  /** 0: one KZG proof per blob (EIP-4844); 1: 128 cell proofs per blob (EIP-7594, from Osaka). */
  version: 0 | 1
  blobs: Uint8Array[]
  commitments: Uint8Array[]
  proofs: Uint8Array[]
}

/**
 * Splits a type-3 transaction into its canonical encoding (what is hashed and mined) and its
 * sidecar, as geth reads both forms: `[tx, blobs, commitments, proofs]` (version 0) or
 * `[tx, version, blobs, commitments, cell proofs]`; the canonical form alone has no sidecar.
 */
export function splitBlobNetworkForm(raw: Uint8Array): { payload: Uint8Array; sidecar: BlobSidecar | undefined } {
  let values: unknown
  try {
    values = RLP.decode(raw.subarray(1))
  } catch (error) {
    throw new BlobEncodingError(`rlp: ${error instanceof Error ? error.message : String(error)}`)
  }
  if (!Array.isArray(values)) throw new BlobEncodingError('rlp: expected input list for types.BlobTx')
  const [inner, second] = values
  if (!Array.isArray(inner)) return { payload: raw, sidecar: undefined }
  const versioned = second instanceof Uint8Array
  if (values.length !== (versioned ? 5 : 4)) {
    throw new BlobEncodingError(`rlp: blob transaction network form has ${values.length} elements, want ${versioned ? 5 : 4}`)
  }
  if (versioned && !(second.length === 1 && second[0] === 1)) {
    throw new BlobEncodingError(`unsupported blob tx version ${second.length === 0 ? 0 : bytesToHex(second)}`)
  }
  const [blobs, commitments, proofs] = values.slice(versioned ? 2 : 1)
  return {
    payload: concatBytes(Uint8Array.of(BLOB_TX_TYPE), RLP.encode(inner)),
    sidecar: {
      version: versioned ? 1 : 0,
      blobs: fixedSizeItems(blobs, BYTES_PER_BLOB, 'blob'),
      commitments: fixedSizeItems(commitments, BYTES_PER_KZG_POINT, 'commitment'),
      proofs: fixedSizeItems(proofs, BYTES_PER_KZG_POINT, 'proof'),
    },
  }
}

function fixedSizeItems(list: unknown, size: number, what: string): Uint8Array[] {
  if (!Array.isArray(list)) throw new BlobEncodingError(`rlp: expected a list of ${what}s`)
  return list.map((item, i) => {
    if (!(item instanceof Uint8Array)) throw new BlobEncodingError(`rlp: ${what} ${i} is a list, want ${size} bytes`)
    if (item.length !== size) throw new BlobEncodingError(`rlp: ${what} ${i} is ${item.length} bytes, want ${size}`)
    return item
  })
}

/** The network form of a canonical blob transaction with its sidecar (what eth_sendRawTransaction takes). */
export function blobNetworkForm(payload: Uint8Array, sidecar: BlobSidecar): Uint8Array {
  const inner = RLP.decode(payload.subarray(1))
  const lists = [sidecar.blobs, sidecar.commitments, sidecar.proofs]
  const values = sidecar.version === 0 ? [inner, ...lists] : [inner, Uint8Array.of(1), ...lists]
  return concatBytes(Uint8Array.of(BLOB_TX_TYPE), RLP.encode(values as Parameters<typeof RLP.encode>[0]))
}

/** The blob fields of a canonical blob transaction, read before it is decoded; undefined if not that shape. */
export function blobFieldsOf(payload: Uint8Array): { maxFeePerBlobGas: bigint; versionedHashes: Uint8Array[] } | undefined {
  try {
    const values = RLP.decode(payload.subarray(1))
    const fee = Array.isArray(values) ? values[9] : undefined
    const hashes = Array.isArray(values) ? values[10] : undefined
    if (!(fee instanceof Uint8Array) || !Array.isArray(hashes) || !hashes.every((h) => h instanceof Uint8Array)) return undefined
    return { maxFeePerBlobGas: fee.length === 0 ? 0n : BigInt(bytesToHex(fee)), versionedHashes: hashes as Uint8Array[] }
  } catch {
    return undefined
  }
}

/** EIP-4844's versioned hash of a commitment: sha256 with its first byte replaced by the version (1). */
export function versionedHashOf(commitment: Uint8Array): Uint8Array {
  const hash = sha256(commitment)
  hash[0] = KZG_HASH_VERSION
  return hash
}

/** Whether every blob matches its commitment by its KZG proof (one proof per blob). */
export function verifyBlobProofs(sidecar: BlobSidecar): boolean {
  const hex = (list: Uint8Array[]) => list.map((item) => bytesToHex(item))
  try {
    return kzg.verifyBlobProofBatch(hex(sidecar.blobs), hex(sidecar.commitments), hex(sidecar.proofs))
  } catch {
    return false
  }
}

/** Whether every cell of every blob matches its commitment by its cell proof (EIP-7594). */
export function verifyCellProofs(sidecar: BlobSidecar): boolean {
  try {
    const cells = sidecar.blobs.flatMap((blob) => kzg.computeCells(bytesToHex(blob)))
    const indices = sidecar.blobs.flatMap(() => Array.from({ length: CELL_PROOFS_PER_BLOB }, (_, i) => i))
    const commitments = sidecar.commitments.flatMap((c) => Array<string>(CELL_PROOFS_PER_BLOB).fill(bytesToHex(c)))
    return kzg.verifyCellKzgProofBatch(
      commitments,
      indices,
      cells,
      sidecar.proofs.map((p) => bytesToHex(p)),
    )
  } catch {
    return false
  }
}

/** The sidecar version a pool takes at `head`: 1 (cell proofs) from Osaka (EIP-7594), else 0. */
export function sidecarVersionAt(head: BlockHeader): 0 | 1 {
  return head.common.isActivatedEIP(7594) ? 1 : 0
}

/** The blob gas price of the block of `header` (EIP-4844); undefined before Cancun. */
export function blobGasPriceOf(header: BlockHeader): bigint | undefined {
  return header.excessBlobGas === undefined ? undefined : header.getBlobGasPrice()
}

/** The blob gas price of the block after `header`, whose rules are `childRules`; undefined before Cancun. */
export function nextBlobGasPriceOf(header: BlockHeader, childRules: Common): bigint | undefined {
  return childRules.isActivatedEIP(4844) ? header.calcNextBlobGasPrice(childRules) : undefined
}

/** The share of its fork's blob gas limit the block of `header` used; undefined before Cancun. */
export function blobGasUsedRatioOf(header: BlockHeader): number | undefined {
  if (header.blobGasUsed === undefined) return undefined
  return Number(header.blobGasUsed) / Number(header.common.getBlobGasSchedule().maxBlobGasPerBlock)
}
