import { bytesToHex, CELL_PROOFS_PER_BLOB, equalsBytes, verifyBlobProofs, verifyCellProofs, versionedHashOf } from '../evm/index.ts'
import type { BlobSidecar } from '../evm/index.ts'
import { TransactionRejected } from './errors.ts'

/** geth's pool takes at most this many blobs in one transaction (params.BlobTxMaxBlobs; EIP-7594's limit). */
export const MAX_BLOBS_PER_TRANSACTION = 6

/** What geth answers for a blob transaction that came without its blobs. */
export const MISSING_SIDECAR = 'missing sidecar in blob transaction'

/**
 * geth's blob transaction checks (txpool's ValidateTransaction and validateBlobTx), in its order
 * and words: the number of blobs, the sidecar's presence and version, the blob fee floor, the
 * counts of blobs, commitments and proofs, each versioned hash against its commitment, then the
 * KZG proofs. `version` is what the head's fork takes: 1 (cell proofs) from Osaka. Like geth's
 * eth_sendRawTransaction, a version-0 sidecar is still taken under Osaka: geth converts it to cell
 * proofs, chainsim verifies its blob proofs, which hold for exactly the same blobs.
 */
export function checkBlobTransaction(
  fields: { maxFeePerBlobGas: bigint; versionedHashes: Uint8Array[] },
  sidecar: BlobSidecar | undefined,
  version: 0 | 1,
): void {
  const hashes = fields.versionedHashes
  if (hashes.length > MAX_BLOBS_PER_TRANSACTION) {
    throw new TransactionRejected(`transaction blob limit exceeded: blob count ${hashes.length}, limit ${MAX_BLOBS_PER_TRANSACTION}`)
  }
  if (!sidecar) throw new TransactionRejected(MISSING_SIDECAR)
  if (sidecar.version > version) {
    throw new TransactionRejected(`unexpected sidecar version, want: ${version}, got: ${sidecar.version}`)
  }
  if (fields.maxFeePerBlobGas < 1n) {
    throw new TransactionRejected(`transaction gas price below minimum: blob fee cap ${fields.maxFeePerBlobGas}, minimum needed 1`)
  }
  if (hashes.length === 0) throw new TransactionRejected('blobless blob transaction')
  const { blobs, commitments, proofs } = sidecar
  if (blobs.length !== hashes.length) {
    throw new TransactionRejected(`invalid number of ${blobs.length} blobs compared to ${hashes.length} blob hashes`)
  }
  if (commitments.length !== hashes.length) {
    throw new TransactionRejected(`invalid number of ${commitments.length} blob commitments compared to ${hashes.length} blob hashes`)
  }
  commitments.forEach((commitment, i) => {
    const computed = versionedHashOf(commitment)
    const claimed = hashes[i] as Uint8Array
    if (!equalsBytes(computed, claimed)) {
      throw new TransactionRejected(`blob ${i}: computed hash ${bytesToHex(computed)} mismatches transaction one ${bytesToHex(claimed)}`)
    }
  })
  const proofsPerBlob = sidecar.version === 1 ? CELL_PROOFS_PER_BLOB : 1
  if (proofs.length !== hashes.length * proofsPerBlob) {
    throw new TransactionRejected(`invalid number of ${proofs.length} blob proofs expected ${hashes.length * proofsPerBlob}`)
  }
  // geth's KZG library's words for a proof that does not open (go-eth-kzg's ErrVerifyOpeningProof).
  if (sidecar.version === 0 && !verifyBlobProofs(sidecar)) {
    throw new TransactionRejected("KZG verification error: invalid blob proof: can't verify opening proof")
  }
  if (sidecar.version === 1 && !verifyCellProofs(sidecar)) {
    throw new TransactionRejected("KZG verification error: can't verify opening proof")
  }
}
