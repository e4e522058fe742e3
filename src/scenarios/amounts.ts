/**
 * Integers as people write them in scenario files: `1000`, `0x3e8`, `250e18`, `1.5 ether`, `2 gwei`. The
 * file's large unquoted numbers are read with {@link exactInteger} from their text, so none loses precision.
 */

const UNIT_EXPONENTS: Readonly<Record<string, number>> = { wei: 0, gwei: 9, ether: 18 }

/**
 * The exact integer a decimal literal stands for (`1000`, `250e18`, `1.5e3`), or undefined when it has none
 * (a fraction, or not a number).
 */
export function exactInteger(text: string): bigint | undefined {
  const match = /^(\d+)(?:\.(\d+))?(?:[eE]\+?(\d+))?$/.exec(text.trim())
  if (!match) return undefined
  const [, whole, fraction = '', exponent = '0'] = match
  const shift = Number(exponent) - fraction.length
  const digits = BigInt(`${whole}${fraction}`)
  if (shift >= 0) return digits * 10n ** BigInt(shift)
  const divisor = 10n ** BigInt(-shift)
  return digits % divisor === 0n ? digits / divisor : undefined
}

/** A non-negative integer from text: decimal, 0x-hex, `250e18`, or with a unit (`1.5 ether`); else undefined. */
export function parseUnsigned(text: string): bigint | undefined {
  const trimmed = text.trim()
  if (/^0x[0-9a-fA-F]+$/.test(trimmed)) return BigInt(trimmed)
  const match = /^(\d+)(?:\.(\d+))?(?:[eE]\+?(\d+))?\s*(wei|gwei|ether)?$/i.exec(trimmed)
  if (!match) return undefined
  const [, whole, fraction = '', power = '0', unit] = match
  // The unit shifts before the integer test: 1.5 ether is a whole number of wei.
  const exponent = Number(power) + (unit ? (UNIT_EXPONENTS[unit.toLowerCase()] as number) : 0)
  return exactInteger(`${whole}${fraction ? `.${fraction}` : ''}e${exponent}`)
}
