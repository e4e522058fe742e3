import type { Common } from '@ethereumjs/common'
import { getActivePrecompiles } from '@ethereumjs/evm'
import type { CustomPrecompile, ExecResult, PrecompileInput } from '@ethereumjs/evm'
import { bytesToHex, setLengthLeft, setLengthRight } from '@ethereumjs/util'

const ECRECOVER = '0x0000000000000000000000000000000000000001'

/**
 * anvil_impersonateSignature: signatures the ecrecover precompile (0x01) answers with a given address, as
 * Anvil's cheat ecrecover does. A signature is keyed as Anvil keys it, r ‖ s ‖ v (65 bytes) read from the
 * precompile's input (hash, v, r, s); every other input is recovered as before. One registry per chain,
 * read by every VM it runs (block building, calls, estimates, traces), so a registration holds for all at once.
 */
export class SignatureOverrides {
  readonly #addresses = new Map<string, Uint8Array>()

  /** From now on ecrecover of `signature` (r ‖ s ‖ v) answers `address`. */
  set(signature: Uint8Array, address: Uint8Array): void {
    this.#addresses.set(bytesToHex(signature), address)
  }

  /** The precompile replacing 0x01 in each VM of the chain: the registered address, else the built-in recovery. */
  precompiles(common: Common): CustomPrecompile[] {
    const builtIn = getActivePrecompiles(common).get(ECRECOVER.slice(2))
    if (builtIn === undefined) return []
    const recover = (input: PrecompileInput): Promise<ExecResult> | ExecResult => {
      if (this.#addresses.size === 0) return builtIn(input)
      const key = signatureKey(input.data)
      const address = key === undefined ? undefined : this.#addresses.get(key)
      const gas = input.common.param('ecRecoverGas')
      if (address === undefined || input.gasLimit < gas) return builtIn(input)
      return { executionGasUsed: gas, returnValue: setLengthLeft(address, 32) }
    }
    return [{ address: ECRECOVER, function: recover }]
  }
}

/** r ‖ s ‖ v of an ecrecover input (hash ‖ v ‖ r ‖ s, right-padded to 128 bytes), v its last byte; undefined when v is wider than a byte. */
function signatureKey(data: Uint8Array): string | undefined {
  const input = setLengthRight(data, 128, { allowTruncate: true })
  if (input.subarray(32, 63).some((byte) => byte !== 0)) return undefined
  const signature = new Uint8Array(65)
  signature.set(input.subarray(64, 128))
  signature[64] = input[63] as number
  return bytesToHex(signature)
}
