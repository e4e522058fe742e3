import type { ContractArtifact } from './projectArtifacts.ts'

/**
 * Names the contract a runtime code is a deployment of, as Foundry's and Sourcify's matchers do: the
 * compiler's metadata tail (CBOR, its length in the code's last two bytes) is left out of both sides, so a
 * build of the same contract from a changed comment still matches, and the bytes a deployment fills in
 * (immutables, library addresses) match anything. A Hardhat artifact does not say where its immutables are:
 * there, a byte that differs matches where the artifact holds a zero, as every unfilled placeholder is.
 */
export class ContractMatcher {
  private readonly byLength = new Map<number, Array<{ artifact: ContractArtifact; body: Uint8Array; free: Uint8Array | undefined }>>()

  constructor(artifacts: readonly ContractArtifact[]) {
    for (const artifact of artifacts) {
      const body = withoutMetadata(artifact.deployedBytecode)
      let free: Uint8Array | undefined
      if (artifact.placeholders) {
        free = new Uint8Array(body.length)
        for (const { start, length } of artifact.placeholders) free.fill(1, start, Math.min(start + length, body.length))
      }
      const list = this.byLength.get(body.length) ?? []
      list.push({ artifact, body, free })
      this.byLength.set(body.length, list)
    }
  }

  /** The artifact `code` was deployed from, or undefined. */
  match(code: Uint8Array): ContractArtifact | undefined {
    if (code.length === 0) return undefined
    const body = withoutMetadata(code)
    for (const { artifact, body: expected, free } of this.byLength.get(body.length) ?? []) {
      if (sameBody(body, expected, free)) return artifact
    }
    return undefined
  }
}

function sameBody(code: Uint8Array, expected: Uint8Array, free: Uint8Array | undefined): boolean {
  for (let i = 0; i < code.length; i++) {
    if (code[i] === expected[i]) continue
    if (free ? free[i] !== 1 : expected[i] !== 0) return false
  }
  return true
}

/** The code without solc's CBOR metadata tail, when its last two bytes give a length that fits. */
function withoutMetadata(code: Uint8Array): Uint8Array {
  if (code.length < 2) return code
  const length = ((code[code.length - 2] as number) << 8) | (code[code.length - 1] as number)
  // A CBOR map starts 0xa1..0xb7 (solc writes 0xa2 or more: ipfs/bzzr and solc keys).
  if (length + 2 > code.length || length === 0) return code
  const first = code[code.length - 2 - length] as number
  return first >= 0xa1 && first <= 0xb7 ? code.subarray(0, code.length - 2 - length) : code
}
