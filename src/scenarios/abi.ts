import type { AbiParameter } from 'viem'
import { AbiDecodingDataSizeTooSmallError, decodeAbiParameters, encodeAbiParameters, numberToHex, pad, parseAbiParameter, toFunctionSelector } from 'viem'
import { bytesToHex, concatBytes, hexToBytes } from '../evm/index.ts'
import { parseUnsigned } from './amounts.ts'
import { AbiError } from './errors.ts'

/**
 * The Solidity ABI as scenarios write it: calldata from a function signature and arguments, constructor
 * arguments, return values. viem parses types and does the encoding and decoding; this module turns the
 * values a YAML file holds (integers as numbers, `250e18` or `1.5 ether`; addresses and bytes as 0x hex;
 * tuples as arrays) into what viem takes, and viem's answers into plain JSON (integers as decimal strings,
 * addresses in lower case), with messages that say which argument did not fit and why.
 */

/** An ABI type, as viem describes it (`{ type: 'uint256' }`, `{ type: 'tuple[]', components: [...] }`). */
export type AbiType = AbiParameter

/** Parses one type: `uint256`, `address[]`, `(uint256,bytes)[2]`... (`uint` is `uint256`, as in Solidity). */
export function parseType(text: string): AbiType {
  const type = text.trim()
  for (const [, kind, size] of type.matchAll(/\b(u?int|bytes)(\d+)\b/g)) {
    const n = Number(size)
    if (kind === 'bytes' && (n < 1 || n > 32)) throw new AbiError(`invalid type ${type}: bytesN takes 1 to 32`)
    if (kind !== 'bytes' && (n < 8 || n > 256 || n % 8 !== 0)) {
      throw new AbiError(`invalid type ${type}: the size must be 8 to 256, a multiple of 8`)
    }
  }
  try {
    return parseAbiParameter(type)
  } catch {
    throw new AbiError(`unknown ABI type "${type}"`)
  }
}

/** A function signature's name and parameter types; the canonical form is what its selector hashes. */
export function parseSignature(signature: string): { name: string; types: AbiType[]; canonical: string } {
  const match = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*\((.*)\)\s*$/s.exec(signature)
  if (!match) throw new AbiError(`"${signature}" is not a function signature such as transfer(address,uint256)`)
  const types = splitTypes(match[2] as string).map(parseType)
  return { name: match[1] as string, types, canonical: `${match[1]}(${types.map(canonicalType).join(',')})` }
}

/** Calldata: the 4-byte selector of the signature, then the encoded arguments. */
export function encodeFunctionCall(signature: string, args: readonly unknown[]): Uint8Array {
  const { types, canonical } = parseSignature(signature)
  return concatBytes(hexToBytes(toFunctionSelector(canonical)), encodeArguments(types, args, canonical))
}

/** Arguments encoded as a tuple of `types` (constructor arguments, or after a selector). */
export function encodeArguments(types: readonly AbiType[], args: readonly unknown[], what = 'arguments'): Uint8Array {
  if (args.length !== types.length) {
    throw new AbiError(`${what} takes ${types.length} argument${types.length === 1 ? '' : 's'}, got ${args.length}`)
  }
  const values = types.map((type, i) => toAbiValue(type, args[i], `argument ${i}`))
  return hexToBytes(encodeAbiParameters(types, values))
}

/** Decodes return data as a tuple of `types`: integers as decimal strings, bytes and addresses as lower-case hex. */
export function decodeResult(types: readonly AbiType[], data: Uint8Array): unknown[] {
  let decoded: readonly unknown[]
  try {
    decoded = decodeAbiParameters(types, bytesToHex(data))
  } catch (error) {
    if (error instanceof AbiDecodingDataSizeTooSmallError) {
      throw new AbiError(`return data too short: ${data.length} bytes for (${types.map(canonicalType).join(',')})`)
    }
    throw new AbiError(`return data does not decode as (${types.map(canonicalType).join(',')}): ${(error as Error).message.split('\n')[0]}`)
  }
  return decoded.map((value, i) => toPlain(types[i] as AbiType, value))
}

/** One value as a 32-byte word, as an indexed event topic holds it: addresses and hex left-padded. */
export function encodeWord(value: unknown): Uint8Array {
  if (typeof value === 'boolean') return hexToBytes(numberToHex(value ? 1 : 0, { size: 32 }))
  if (typeof value === 'string' && /^0x[0-9a-fA-F]*$/.test(value)) {
    const hex = (value.length % 2 === 0 ? value : `0x0${value.slice(2)}`) as `0x${string}`
    if (hex.length > 66) throw new AbiError(`${value} is longer than 32 bytes`)
    return hexToBytes(pad(hex, { size: 32 }))
  }
  const integer = toInteger(value, 'value')
  if (integer < 0n || integer >= 1n << 256n) throw new AbiError(`value: ${integer} does not fit uint256`)
  return hexToBytes(numberToHex(integer, { size: 32 }))
}

/** Splits `a,(b,c)[],d` at its top-level commas. */
function splitTypes(list: string): string[] {
  if (list.trim() === '') return []
  const parts: string[] = []
  let depth = 0
  let start = 0
  for (let i = 0; i < list.length; i++) {
    const char = list[i]
    if (char === '(') depth++
    else if (char === ')') depth--
    else if (char === ',' && depth === 0) {
      parts.push(list.slice(start, i))
      start = i + 1
    }
  }
  parts.push(list.slice(start))
  return parts.map((p) => p.trim())
}

/** The type as a selector spells it: `(uint256,address)[2]`. */
function canonicalType(type: AbiType): string {
  if (!type.type.startsWith('tuple')) return type.type
  const components = (type as { components: readonly AbiType[] }).components
  return `(${components.map(canonicalType).join(',')})${type.type.slice('tuple'.length)}`
}

/** A YAML value as viem takes it for `type`, checked on the way, with `what` naming it in messages. */
function toAbiValue(type: AbiType, value: unknown, what: string): unknown {
  const array = /^(.*)\[(\d*)\]$/.exec(type.type)
  if (array) {
    if (!Array.isArray(value)) throw new AbiError(`${what}: expected an array, got ${JSON.stringify(value)}`)
    if (array[2] !== '' && value.length !== Number(array[2])) {
      throw new AbiError(`${what}: expected ${array[2]} elements, got ${value.length}`)
    }
    const element = { ...type, type: array[1] as string } as AbiType
    return value.map((item, i) => toAbiValue(element, item, `${what}[${i}`))
  }
  if (type.type === 'tuple') {
    const components = (type as { components: readonly AbiType[] }).components
    if (!Array.isArray(value) || value.length !== components.length) {
      throw new AbiError(`${what}: expected a tuple of ${components.length} values (an array)`)
    }
    return components.map((component, i) => toAbiValue(component, value[i], `${what}.${i}`))
  }
  const integer = /^(u?)int(\d+)$/.exec(type.type)
  if (integer) {
    const signed = integer[1] === ''
    const bits = BigInt(integer[2] as string)
    const n = toInteger(value, what, signed)
    const min = signed ? -(1n << (bits - 1n)) : 0n
    const max = signed ? (1n << (bits - 1n)) - 1n : (1n << bits) - 1n
    if (n < min || n > max) throw new AbiError(`${what}: ${n} does not fit ${type.type}`)
    return n
  }
  switch (type.type) {
    case 'bool':
      if (typeof value !== 'boolean') throw new AbiError(`${what}: expected true or false, got ${JSON.stringify(value)}`)
      return value
    case 'address':
      return hexOfSize(value, what, 20).toLowerCase()
    case 'bytes':
      return hexOfSize(value, what)
    case 'string':
      if (typeof value !== 'string') throw new AbiError(`${what}: expected a string, got ${JSON.stringify(value)}`)
      return value
  }
  return hexOfSize(value, what, Number(type.type.slice('bytes'.length)))
}

function toInteger(value: unknown, what: string, signed = false): bigint {
  if (typeof value === 'bigint') return value
  if (typeof value === 'number' && Number.isSafeInteger(value)) return BigInt(value)
  if (typeof value === 'string') {
    const negative = signed && value.trim().startsWith('-')
    const text = negative ? value.trim().slice(1) : value.trim()
    const parsed = parseUnsigned(text)
    if (parsed !== undefined) return negative ? -parsed : parsed
  }
  throw new AbiError(`${what}: expected an integer, got ${JSON.stringify(typeof value === 'bigint' ? String(value) : value)}`)
}

function hexOfSize(value: unknown, what: string, size?: number): `0x${string}` {
  if (typeof value !== 'string' || !/^0x([0-9a-fA-F]{2})*$/.test(value)) {
    throw new AbiError(`${what}: expected 0x hex${size ? ` of ${size} bytes` : ''}, got ${JSON.stringify(value)}`)
  }
  const length = (value.length - 2) / 2
  if (size !== undefined && length !== size) throw new AbiError(`${what}: expected ${size} bytes, got ${length}`)
  return value as `0x${string}`
}

/** A decoded value as JSON keeps it: integers as decimal strings, bytes and addresses as lower-case hex. */
function toPlain(type: AbiType, value: unknown): unknown {
  const array = /^(.*)\[\d*\]$/.exec(type.type)
  if (array) {
    const element = { ...type, type: array[1] as string } as AbiType
    return (value as readonly unknown[]).map((item) => toPlain(element, item))
  }
  if (type.type === 'tuple') {
    const components = (type as { components: readonly AbiType[] }).components
    return components.map((component, i) => toPlain(component, (value as readonly unknown[])[i]))
  }
  if (typeof value === 'bigint' || typeof value === 'number') return value.toString()
  return type.type === 'string' || type.type === 'bool' ? value : (value as string).toLowerCase()
}
