import { parseUnits } from 'viem'

/**
 * Integers as people write them in scenario files: `1000`, `0x3e8`, `250e18`, `1.5 ether`, `2 gwei`. The
 * file's large unquoted numbers are read with {@link exactInteger} from their text, so none loses precision.
 */

/** Decimals of each unit, as viem's parseEther and parseGwei count them. */
const UNIT_DECIMALS: Readonly<Record<string, number>> = { wei: 0, gwei: 9, ether: 18 }

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
  const withUnit = /^(\d+)(?:\.(\d+))?(?:[eE]\+?(\d+))?\s*(wei|gwei|ether)$/i.exec(trimmed)
  if (withUnit) {
    const [, whole, fraction = '', exponent, unit] = withUnit
    const decimals = UNIT_DECIMALS[(unit as string).toLowerCase()] as number
    const number = `${whole}${fraction ? `.${fraction}` : ''}`
    // `1.5e3 gwei`: the unit shifts the exponent, and the whole must come out a whole number of wei.
    if (exponent !== undefined) return exactInteger(`${number}e${Number(exponent) + decimals}`)
    // viem would round a fraction finer than the unit allows; a scenario must say a whole number of wei.
    return fraction.length > decimals ? undefined : parseUnits(number, decimals)
  }
  return exactInteger(trimmed)
}
