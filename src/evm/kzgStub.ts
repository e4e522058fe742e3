import type { CustomCrypto } from '@ethereumjs/common'

type KZG = NonNullable<CustomCrypto['kzg']>

/**
 * @ethereumjs/tx refuses to decode a blob (type 3) transaction unless its Common carries a KZG
 * implementation, even in the block form that holds no blobs (only their versioned hashes) and
 * so needs no KZG at all. chainsim has no trusted setup; this stands in while blocks of an
 * imported chain are decoded, and fails loudly if anything ever asks it to compute or verify.
 */
function unavailable(): never {
  throw new Error('KZG is not available: chainsim decodes blob transactions of imported blocks but cannot verify blobs')
}

export const decodeOnlyKzg: KZG = {
  blobToKzgCommitment: unavailable,
  computeBlobProof: unavailable,
  verifyProof: unavailable,
  verifyBlobProofBatch: unavailable,
  computeCells: unavailable,
  computeCellsAndProofs: unavailable,
  recoverCellsAndProofs: unavailable,
  verifyCellKzgProofBatch: unavailable,
}
