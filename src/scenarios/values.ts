import { bytesToHex, keccak256 } from '../evm/index.ts'
import { encodeWord } from './abi.ts'
import { parseUnsigned } from './amounts.ts'
import { ValueError } from './errors.ts'

/**
 * Values in a scenario: integers written as people write them (`250e18`, `1.5 ether`), `$name` references
 * to what earlier steps bound, helpers for log topics, `$event(Transfer(address,address,uint256))` (an
 * event's topic 0) and `$word($alice)` (a value as one 32-byte ABI word, as an indexed topic holds it), and
 * for generated lists, `$range(0, 300)` (the integers 0 to 299), `$address(7)` (an integer as an address) and
 * `$hex($i)` (an integer as a JSON-RPC quantity). `$word`, `$address` and `$hex` map over a list:
 * `$word($range(0, 5001))` is 5,001 topic values.
 */

/** A value bound by a step, or an account's address; plain JSON (strings for hashes, addresses, numbers). */
export type Bindings = Map<string, unknown>

const REFERENCE = /^\$([A-Za-z_][A-Za-z0-9_]*)((?:\.[A-Za-z0-9_]+)*)$/
const HELPER = /^\$(event|word|address|hex|range)\((.*)\)$/s
/** The longest list `$range` makes, so that a typo cannot exhaust memory. */
export const MAX_RANGE = 1_000_000

/** A non-negative integer from a number, bigint, decimal or hex string, `250e18`, or `1.5 ether`. */
export function parseAmount(value: unknown, what = 'amount'): bigint {
  if (typeof value === 'bigint') {
    if (value < 0n) throw new ValueError(`${what}: ${value} is negative`)
    return value
  }
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value) || value < 0) throw new ValueError(`${what}: ${value} is not a non-negative integer`)
    return BigInt(value)
  }
  if (typeof value !== 'string') throw new ValueError(`${what}: expected an integer, got ${describe(value)}`)
  const parsed = parseUnsigned(value)
  if (parsed === undefined) {
    throw new ValueError(`${what}: "${value}" is not an integer (write 1000, 0x3e8, 250e18 or 1.5 ether)`)
  }
  return parsed
}

/** The names a value refers to, with where they occur (for checking a file before it is played). */
export function referencesIn(value: unknown, path: Array<string | number> = []): Array<{ name: string; path: Array<string | number> }> {
  if (typeof value === 'string') {
    const helper = HELPER.exec(value)
    if (helper?.[1] === 'event') return []
    if (helper?.[1] === 'range') return splitArguments(helper[2] as string).flatMap((argument) => referencesIn(argument, path))
    if (helper) return referencesIn((helper[2] as string).trim(), path)
    const match = REFERENCE.exec(value)
    return match ? [{ name: match[1] as string, path }] : []
  }
  if (Array.isArray(value)) return value.flatMap((item, i) => referencesIn(item, [...path, i]))
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => referencesIn(item, [...path, key]))
  }
  return []
}

/**
 * Replaces every `$name` (and `$name.path`) in a value by what it is bound to, and evaluates `$event(...)`
 * and `$word(...)`; `$$` at the start of a string stands for a literal `$`. Large numbers stay bigints.
 */
export function resolve(value: unknown, bindings: Bindings): unknown {
  if (typeof value === 'string') return resolveString(value, bindings)
  if (Array.isArray(value)) return value.map((item) => resolve(item, bindings))
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, resolve(item, bindings)]))
  }
  return value
}

/** Like {@link resolve}, for a value that must come out a string (an address, a hash, hex data). */
export function resolveString(value: string, bindings: Bindings): unknown {
  if (value.startsWith('$$')) return value.slice(1)
  const helper = HELPER.exec(value)
  if (helper) {
    const argument = (helper[2] as string).trim()
    switch (helper[1]) {
      case 'event':
        return bytesToHex(keccak256(new TextEncoder().encode(argument.replace(/\s+/g, ''))))
      case 'range':
        return range(argument, bindings)
      case 'address':
        return eachOf(resolveString(argument, bindings), toAddress)
      case 'hex':
        return eachOf(resolveString(argument, bindings), (item) => `0x${parseAmount(item, '$hex').toString(16)}`)
      default:
        return eachOf(resolveString(argument, bindings), (item) => bytesToHex(encodeWord(item)))
    }
  }
  const match = REFERENCE.exec(value)
  if (!match) return value
  const name = match[1] as string
  if (!bindings.has(name)) throw new ValueError(`$${name} is not bound (bound so far: ${boundNames(bindings)})`)
  let current = bindings.get(name)
  const walked = [`$${name}`]
  for (const key of (match[2] as string).split('.').slice(1)) {
    const next = fieldOf(current, key)
    if (next === undefined) throw new ValueError(`${walked.join('.')} has no field "${key}" (it is ${describe(current)})`)
    walked.push(key)
    current = next
  }
  return current
}

/** `$range(a, b)`: the integers from a up to b, b left out. */
function range(argument: string, bindings: Bindings): number[] {
  const bounds = splitArguments(argument)
  if (bounds.length !== 2) throw new ValueError(`$range(${argument}): expected two integers, $range(first, end)`)
  const [first, end] = bounds.map((bound) => parseAmount(/^\$[A-Za-z_]/.test(bound) ? resolveString(bound, bindings) : bound, `$range(${argument})`)) as [
    bigint,
    bigint,
  ]
  if (end < first) throw new ValueError(`$range(${argument}): the end ${end} is below the first ${first}`)
  if (end - first > BigInt(MAX_RANGE)) throw new ValueError(`$range(${argument}): ${end - first} integers, more than ${MAX_RANGE}`)
  return Array.from({ length: Number(end - first) }, (_, i) => Number(first) + i)
}

/** An integer as a 20-byte address (`$address(7)` is 0x00…07). */
function toAddress(value: unknown): string {
  const integer = parseAmount(value, '$address')
  if (integer >= 1n << 160n) throw new ValueError(`$address: ${integer} does not fit 20 bytes`)
  return `0x${integer.toString(16).padStart(40, '0')}`
}

/** A helper applied to a value, or to each element of a list. */
function eachOf(value: unknown, apply: (item: unknown) => string): string | string[] {
  return Array.isArray(value) ? value.map(apply) : apply(value)
}

/** A helper's comma-separated arguments. */
function splitArguments(text: string): string[] {
  return text.split(',').map((part) => part.trim())
}

/** A string value after resolution; anything else is refused with `what` in the message. */
export function resolveText(value: string, bindings: Bindings, what: string): string {
  const resolved = resolveString(value, bindings)
  if (typeof resolved !== 'string') throw new ValueError(`${what}: ${value} is ${describe(resolved)}, not a string`)
  return resolved
}

/** A field of an object or an element of an array by index; `length` of an array or a string. */
export function fieldOf(value: unknown, key: string): unknown {
  if (Array.isArray(value)) {
    if (key === 'length') return value.length
    return /^\d+$/.test(key) ? value[Number(key)] : undefined
  }
  if (typeof value === 'string' && key === 'length') return value.length
  if (value !== null && typeof value === 'object' && Object.hasOwn(value, key)) return (value as Record<string, unknown>)[key]
  return undefined
}

/** A resolved value as JSON-RPC params carry it: bigints (large numbers in the file) as hex quantities. */
export function toWire(value: unknown): unknown {
  if (typeof value === 'bigint') return `0x${value.toString(16)}`
  if (Array.isArray(value)) return value.map(toWire)
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, toWire(item)]))
  }
  return value
}

/** A short description of a value for messages. */
export function describe(value: unknown): string {
  if (value === undefined) return 'nothing'
  if (value === null) return 'null'
  if (Array.isArray(value)) return `an array of ${value.length}`
  if (typeof value === 'object') return 'an object'
  const text = JSON.stringify(typeof value === 'bigint' ? value.toString() : value)
  return text.length > 80 ? `${text.slice(0, 77)}...` : text
}

function boundNames(bindings: Bindings): string {
  return bindings.size === 0 ? 'none' : [...bindings.keys()].map((n) => `$${n}`).join(', ')
}
