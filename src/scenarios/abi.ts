import { bytesToHex, concatBytes, hexToBytes, keccak256 } from '../evm/index.ts'
import { parseUnsigned } from './amounts.ts'

/**
 * The Solidity ABI, as much as scenarios need: calldata from a function signature and arguments, constructor
 * arguments, and decoding of return values. Types: uintN, intN, address, bool, bytesN, bytes, string, T[],
 * T[k] and tuples (T1,T2). Arguments come from YAML: integers as numbers, bigints or strings (`250e18`,
 * `1.5 ether`, hex), addresses and bytes as 0x hex, tuples as arrays.
 */

export type AbiType =
  | { kind: 'uint' | 'int'; bits: number }
  | { kind: 'address' | 'bool' | 'bytes' | 'string' }
  | { kind: 'fixedBytes'; size: number }
  | { kind: 'array'; element: AbiType; length?: number }
  | { kind: 'tuple'; components: AbiType[] }

/** An argument or a type that does not fit: the message says which and why. */
export class AbiError extends Error {}

const WORD = 32

/** Parses a type: `uint256`, `address[]`, `(uint256,bytes)[2]`... */
export function parseType(text: string): AbiType {
  const type = text.trim()
  const array = /^(.*)\[(\d*)\]$/.exec(type)
  if (array) {
    const element = parseType(array[1] as string)
    return array[2] === '' ? { kind: 'array', element } : { kind: 'array', element, length: Number(array[2]) }
  }
  if (type.startsWith('(') && type.endsWith(')')) return { kind: 'tuple', components: splitTypes(type.slice(1, -1)).map(parseType) }
  const integer = /^(u?int)(\d*)$/.exec(type)
  if (integer) {
    const bits = integer[2] === '' ? 256 : Number(integer[2])
    if (bits < 8 || bits > 256 || bits % 8 !== 0) throw new AbiError(`invalid type ${type}: the size must be 8 to 256, a multiple of 8`)
    return { kind: integer[1] === 'uint' ? 'uint' : 'int', bits }
  }
  const fixed = /^bytes(\d+)$/.exec(type)
  if (fixed) {
    const size = Number(fixed[1])
    if (size < 1 || size > 32) throw new AbiError(`invalid type ${type}: bytesN takes 1 to 32`)
    return { kind: 'fixedBytes', size }
  }
  if (type === 'address' || type === 'bool' || type === 'bytes' || type === 'string') return { kind: type }
  throw new AbiError(`unknown ABI type "${type}"`)
}

/** Splits `a,(b,c)[],d` at its top-level commas. */
export function splitTypes(list: string): string[] {
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

/** A function signature's name and parameter types; the canonical form is what its selector hashes. */
export function parseSignature(signature: string): { name: string; types: AbiType[]; canonical: string } {
  const match = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*\((.*)\)\s*$/s.exec(signature)
  if (!match) throw new AbiError(`"${signature}" is not a function signature such as transfer(address,uint256)`)
  const typeTexts = splitTypes(match[2] as string)
  const types = typeTexts.map(parseType)
  return { name: match[1] as string, types, canonical: `${match[1]}(${types.map(canonicalType).join(',')})` }
}

/** Calldata: the 4-byte selector of the signature, then the encoded arguments. */
export function encodeFunctionCall(signature: string, args: readonly unknown[]): Uint8Array {
  const { types, canonical } = parseSignature(signature)
  const selector = keccak256(new TextEncoder().encode(canonical)).subarray(0, 4)
  return concatBytes(selector, encodeArguments(types, args, canonical))
}

/** Arguments encoded as a tuple of `types` (constructor arguments, or after a selector). */
export function encodeArguments(types: readonly AbiType[], args: readonly unknown[], what = 'arguments'): Uint8Array {
  if (args.length !== types.length) {
    throw new AbiError(`${what} takes ${types.length} argument${types.length === 1 ? '' : 's'}, got ${args.length}`)
  }
  return encodeTuple(types, args, 'argument ')
}

/** Decodes return data as a tuple of `types`: integers as decimal strings, bytes and addresses as hex. */
export function decodeResult(types: readonly AbiType[], data: Uint8Array): unknown[] {
  return decodeTuple(types, data, 0)
}

/** One value as a 32-byte word, as an indexed event topic holds it: addresses and hex left-padded. */
export function encodeWord(value: unknown): Uint8Array {
  if (typeof value === 'boolean') return encodeInteger(value ? 1n : 0n, 256, false, 'value')
  if (typeof value === 'string' && /^0x[0-9a-fA-F]*$/.test(value)) {
    const bytes = hexToBytes(value.length % 2 === 0 ? (value as `0x${string}`) : (`0x0${value.slice(2)}` as `0x${string}`))
    if (bytes.length > WORD) throw new AbiError(`${value} is longer than 32 bytes`)
    return leftPad(bytes)
  }
  return encodeInteger(toInteger(value, 'value'), 256, false, 'value')
}

function canonicalType(type: AbiType): string {
  switch (type.kind) {
    case 'uint':
    case 'int':
      return `${type.kind}${type.bits}`
    case 'fixedBytes':
      return `bytes${type.size}`
    case 'array':
      return `${canonicalType(type.element)}[${type.length ?? ''}]`
    case 'tuple':
      return `(${type.components.map(canonicalType).join(',')})`
    default:
      return type.kind
  }
}

function isDynamic(type: AbiType): boolean {
  switch (type.kind) {
    case 'bytes':
    case 'string':
      return true
    case 'array':
      return type.length === undefined || isDynamic(type.element)
    case 'tuple':
      return type.components.some(isDynamic)
    default:
      return false
  }
}

/** Head size of a static type, in bytes. */
function staticSize(type: AbiType): number {
  if (type.kind === 'array' && type.length !== undefined) return type.length * staticSize(type.element)
  if (type.kind === 'tuple') return type.components.reduce((sum, c) => sum + staticSize(c), 0)
  return WORD
}

function encodeTuple(types: readonly AbiType[], values: readonly unknown[], label: string): Uint8Array {
  const heads: Uint8Array[] = []
  const tails: Uint8Array[] = []
  let headSize = 0
  for (const type of types) headSize += isDynamic(type) ? WORD : staticSize(type)
  let tailOffset = headSize
  types.forEach((type, i) => {
    const encoded = encode(type, values[i], `${label}${i}`)
    if (isDynamic(type)) {
      heads.push(encodeInteger(BigInt(tailOffset), 256, false, 'offset'))
      tails.push(encoded)
      tailOffset += encoded.length
    } else {
      heads.push(encoded)
    }
  })
  return concatBytes(...heads, ...tails)
}

function encode(type: AbiType, value: unknown, what: string): Uint8Array {
  switch (type.kind) {
    case 'uint':
    case 'int':
      return encodeInteger(toInteger(value, what, type.kind === 'int'), type.bits, type.kind === 'int', what)
    case 'bool':
      if (typeof value !== 'boolean') throw new AbiError(`${what}: expected true or false, got ${JSON.stringify(value)}`)
      return encodeInteger(value ? 1n : 0n, 8, false, what)
    case 'address':
      return leftPad(toBytes(value, what, 20))
    case 'fixedBytes': {
      const bytes = toBytes(value, what, type.size)
      const word = new Uint8Array(WORD)
      word.set(bytes)
      return word
    }
    case 'bytes':
    case 'string': {
      const bytes = type.kind === 'string' ? stringBytes(value, what) : toBytes(value, what)
      const padded = new Uint8Array(Math.ceil(bytes.length / WORD) * WORD)
      padded.set(bytes)
      return concatBytes(encodeInteger(BigInt(bytes.length), 256, false, what), padded)
    }
    case 'array': {
      if (!Array.isArray(value)) throw new AbiError(`${what}: expected an array, got ${JSON.stringify(value)}`)
      if (type.length !== undefined && value.length !== type.length) {
        throw new AbiError(`${what}: expected ${type.length} elements, got ${value.length}`)
      }
      const body = encodeTuple(value.map(() => type.element), value, `${what}[`)
      return type.length === undefined ? concatBytes(encodeInteger(BigInt(value.length), 256, false, what), body) : body
    }
    case 'tuple':
      if (!Array.isArray(value) || value.length !== type.components.length) {
        throw new AbiError(`${what}: expected a tuple of ${type.components.length} values (an array)`)
      }
      return encodeTuple(type.components, value, `${what}.`)
  }
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

function encodeInteger(value: bigint, bits: number, signed: boolean, what: string): Uint8Array {
  const limit = 1n << BigInt(bits)
  const min = signed ? -(limit >> 1n) : 0n
  const max = signed ? (limit >> 1n) - 1n : limit - 1n
  if (value < min || value > max) throw new AbiError(`${what}: ${value} does not fit ${signed ? 'int' : 'uint'}${bits}`)
  const word = value < 0n ? (1n << 256n) + value : value
  return hexToBytes(`0x${word.toString(16).padStart(64, '0')}`)
}

function toBytes(value: unknown, what: string, size?: number): Uint8Array {
  if (typeof value !== 'string' || !/^0x([0-9a-fA-F]{2})*$/.test(value)) {
    throw new AbiError(`${what}: expected 0x hex${size ? ` of ${size} bytes` : ''}, got ${JSON.stringify(value)}`)
  }
  const bytes = hexToBytes(value as `0x${string}`)
  if (size !== undefined && bytes.length !== size) throw new AbiError(`${what}: expected ${size} bytes, got ${bytes.length}`)
  return bytes
}

function stringBytes(value: unknown, what: string): Uint8Array {
  if (typeof value !== 'string') throw new AbiError(`${what}: expected a string, got ${JSON.stringify(value)}`)
  return new TextEncoder().encode(value)
}

function leftPad(bytes: Uint8Array): Uint8Array {
  const word = new Uint8Array(WORD)
  word.set(bytes, WORD - bytes.length)
  return word
}

function decodeTuple(types: readonly AbiType[], data: Uint8Array, base: number): unknown[] {
  let head = base
  return types.map((type) => {
    if (isDynamic(type)) {
      const offset = Number(readWord(data, head))
      head += WORD
      return decode(type, data, base + offset)
    }
    const value = decode(type, data, head)
    head += staticSize(type)
    return value
  })
}

function decode(type: AbiType, data: Uint8Array, at: number): unknown {
  switch (type.kind) {
    case 'uint':
      return readWord(data, at).toString()
    case 'int': {
      const word = readWord(data, at)
      return (word >= 1n << 255n ? word - (1n << 256n) : word).toString()
    }
    case 'bool':
      return readWord(data, at) !== 0n
    case 'address':
      return bytesToHex(slice(data, at + 12, 20))
    case 'fixedBytes':
      return bytesToHex(slice(data, at, type.size))
    case 'bytes':
    case 'string': {
      const length = Number(readWord(data, at))
      const bytes = slice(data, at + WORD, length)
      return type.kind === 'string' ? new TextDecoder().decode(bytes) : bytesToHex(bytes)
    }
    case 'array': {
      const length = type.length ?? Number(readWord(data, at))
      const start = type.length === undefined ? at + WORD : at
      return decodeTuple(Array.from({ length }, () => type.element), data, start)
    }
    case 'tuple':
      return decodeTuple(type.components, data, at)
  }
}

function readWord(data: Uint8Array, at: number): bigint {
  return BigInt(bytesToHex(slice(data, at, WORD)))
}

function slice(data: Uint8Array, at: number, length: number): Uint8Array {
  if (at + length > data.length) throw new AbiError(`return data too short: ${data.length} bytes, reading ${length} at ${at}`)
  return data.subarray(at, at + length)
}
