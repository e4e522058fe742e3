import { BaseError, hashTypedData, hexToBytes, validateTypedData } from 'viem'
import type { TypedDataDefinition } from 'viem'
import { InvalidTypedData } from './errors.ts'

/** One field of an EIP-712 struct type. */
export interface TypedDataField {
  name: string
  type: string
}

/** EIP-712 typed data as wallets receive it (eth_signTypedData_v4): struct types, the primary type, domain and message. */
export interface TypedData {
  types: Record<string, readonly TypedDataField[]>
  primaryType: string
  domain: Record<string, unknown>
  message: Record<string, unknown>
}

/**
 * The EIP-712 digest a wallet signs: every value must be there and of its type's kind (named by its path, in
 * geth's words), then viem checks it against its type (addresses, byte lengths, integer ranges, struct and
 * primary types) and hashes; anything refused is InvalidTypedData, with viem's short reason.
 */
export function typedDataDigest(typedData: TypedData): Uint8Array {
  const definition = typedData as unknown as TypedDataDefinition
  const fault = valueFault(typedData)
  if (fault) throw new InvalidTypedData(fault)
  try {
    validateTypedData(definition)
    return hexToBytes(hashTypedData(definition))
  } catch (error) {
    throw new InvalidTypedData(error instanceof BaseError ? error.shortMessage : (error as Error).message, { cause: error })
  }
}

/**
 * The first value of the domain (when `EIP712Domain` is declared) or the message that is missing or not of its
 * type's kind, named by its path (`message.give.amount`), in geth's words; undefined when every value is
 * there. viem would hash such a value anyway and fail with words about its own internals ("Cannot convert
 * undefined to a BigInt"), or sign a number given for a string.
 */
function valueFault(typedData: TypedData): string | undefined {
  const { types } = typedData
  const struct = (type: string) => (Object.hasOwn(types, type) ? types[type] : undefined)
  const fieldsFault = (fields: readonly TypedDataField[], data: Record<string, unknown>, path: string): string | undefined => {
    for (const field of fields) {
      const value = Object.hasOwn(data, field.name) ? data[field.name] : undefined
      const fault = fieldFault(field.type, value, `${path}.${field.name}`)
      if (fault) return fault
    }
    return undefined
  }
  const fieldFault = (type: string, value: unknown, path: string): string | undefined => {
    if (value === undefined || value === null) return `${path}: missing value for type ${type}`
    const mismatch = () => `${path}: provided data '${describe(value)}' doesn't match type '${type}'`
    if (type.endsWith(']')) {
      const open = type.lastIndexOf('[')
      if (!Array.isArray(value)) return mismatch()
      const length = type.slice(open + 1, -1)
      if (length !== '' && value.length !== Number(length)) return `${path}: ${value.length} items, type ${type} takes ${length}`
      for (const [index, item] of value.entries()) {
        const fault = fieldFault(type.slice(0, open), item, `${path}.${index}`)
        if (fault) return fault
      }
      return undefined
    }
    const fields = struct(type)
    if (fields) return typeof value === 'object' && !Array.isArray(value) ? fieldsFault(fields, value as Record<string, unknown>, path) : mismatch()
    if (/^u?int\d*$/.test(type)) return integerFault(type, value, path)
    if (type === 'bool') return typeof value === 'boolean' ? undefined : mismatch()
    if (type === 'address' || type === 'string') return typeof value === 'string' ? undefined : mismatch()
    // In-process callers may give bytes as bytes.
    if (/^bytes\d*$/.test(type)) return typeof value === 'string' || value instanceof Uint8Array ? undefined : mismatch()
    return undefined
  }
  const domainTypes = struct('EIP712Domain')
  if (domainTypes) {
    const fault = fieldsFault(domainTypes, typedData.domain, 'domain')
    if (fault) return fault
  }
  const primary = typedData.primaryType === 'EIP712Domain' ? undefined : struct(typedData.primaryType)
  return primary && fieldsFault(primary, typedData.message, 'message')
}

/** An integer is a JSON number without a fraction, or a decimal or 0x-hex string (geth's HexOrDecimal256). */
function integerFault(type: string, value: unknown, path: string): string | undefined {
  if (typeof value === 'bigint') return undefined
  if (typeof value === 'number') return Number.isInteger(value) ? undefined : `${path}: invalid float value ${value} for type ${type}`
  if (typeof value === 'string' && /^(-?\d+|0x[\da-f]+)$/i.test(value)) return undefined
  return `${path}: invalid integer value ${describe(value)} for type ${type}`
}

/** A value as the refusal shows it: a string as it is (geth's %v), anything else as JSON, cut short. */
function describe(value: unknown): string {
  const text = typeof value === 'string' || typeof value === 'bigint' ? String(value) : (JSON.stringify(value) ?? String(value))
  return text.length > 66 ? `${text.slice(0, 63)}...` : text
}
