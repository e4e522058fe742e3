import { decodeAbiParameters, getAddress, toFunctionSelector } from 'viem'
import type { AbiParameter } from 'viem'
import { bytesToHex } from '../evm/index.ts'

/** The types console.sol's `log` overloads take, in each of one to four positions. */
const LOG_ARGUMENT_TYPES = ['uint256', 'string', 'bool', 'address'] as const

/**
 * Every function of Hardhat's console.sol, as `name(types)`: `log()`; `log` of one to four arguments (uint256,
 * string, bool, address, in every combination), `log(int256)`; `logInt`, `logUint`, `logString`, `logBool`,
 * `logAddress`, `logBytes` and `logBytes1` to `logBytes32` of one argument.
 */
export function consoleSignatures(): string[] {
  const signatures = ['log()', 'log(int256)']
  let combinations: string[][] = [[]]
  for (let length = 1; length <= 4; length++) {
    combinations = combinations.flatMap((prefix) => LOG_ARGUMENT_TYPES.map((type) => [...prefix, type]))
    for (const types of combinations) signatures.push(`log(${types.join(',')})`)
  }
  const named: Array<[string, string]> = [
    ['logInt', 'int256'],
    ['logUint', 'uint256'],
    ['logString', 'string'],
    ['logBool', 'bool'],
    ['logAddress', 'address'],
    ['logBytes', 'bytes'],
  ]
  for (let size = 1; size <= 32; size++) named.push([`logBytes${size}`, `bytes${size}`])
  for (const [name, type] of named) signatures.push(`${name}(${type})`)
  return signatures
}

interface ConsoleFunction {
  types: readonly AbiParameter[]
  /** `log`'s arguments may start with a format string; the named single-argument functions print theirs alone. */
  formats: boolean
}

/**
 * The functions by selector. Older console.sol versions computed their selectors from the `uint` and `int`
 * spellings (`log(uint)`, `logInt(int)`), which name the same ABI types: Hardhat's node decodes both, and so
 * does this table. Built from the signatures with keccak, once, when first needed.
 */
let functionsBySelector: Map<number, ConsoleFunction> | undefined

function consoleFunctions(): Map<number, ConsoleFunction> {
  if (functionsBySelector) return functionsBySelector
  const table = new Map<number, ConsoleFunction>()
  for (const signature of consoleSignatures()) {
    const open = signature.indexOf('(')
    const typeList = signature.slice(open + 1, -1)
    const types = typeList === '' ? [] : typeList.split(',').map((type) => ({ type }))
    const entry: ConsoleFunction = { types, formats: signature.startsWith('log(') }
    const legacy = signature.replace(/\b(u?int)256\b/g, '$1')
    for (const spelling of new Set([signature, legacy])) table.set(selectorNumber(toFunctionSelector(spelling)), entry)
  }
  functionsBySelector = table
  return table
}

function selectorNumber(selector: string): number {
  return Number.parseInt(selector.slice(2, 10), 16)
}

/**
 * The line a call to console.sol's address prints, as Anvil and Hardhat print it, or undefined when the calldata
 * is no console.sol call (an unknown selector, arguments that do not decode). Integers print in decimal,
 * addresses checksummed, bytes as 0x-hex; a first string argument is a format string (`formatConsoleLine`).
 */
export function decodeConsoleCall(calldata: Uint8Array): string | undefined {
  if (calldata.length < 4) return undefined
  const selector = ((calldata[0] as number) << 24) | ((calldata[1] as number) << 16) | ((calldata[2] as number) << 8) | (calldata[3] as number)
  const found = consoleFunctions().get(selector >>> 0)
  if (!found) return undefined
  let values: readonly unknown[]
  try {
    values = decodeAbiParameters(found.types, bytesToHex(calldata.subarray(4)))
  } catch {
    return undefined
  }
  const args = found.types.map((parameter, index): ConsoleValue => ({ type: parameter.type, value: values[index] }))
  return found.formats ? formatConsoleLine(args) : args.map((arg) => formatValue(arg, 's')).join(' ')
}

/** One decoded argument of a console.sol call: its ABI type and viem's value for it. */
export interface ConsoleValue {
  type: string
  value: unknown
}

/**
 * The arguments of one `log` call as a line: when the first is a string, it is a format string whose `%s`, `%d`,
 * `%i`, `%o`, `%x`, `%e` and `%<n>e` take the next arguments (`%%` is a percent sign), the ones left over are
 * appended with spaces; otherwise all are joined with spaces. These are the rules Anvil (foundry's
 * `console_format`) and Hardhat share.
 */
export function formatConsoleLine(args: readonly ConsoleValue[]): string {
  const [first, ...rest] = args
  if (!first) return ''
  if (first.type !== 'string') return args.map((arg) => formatValue(arg, 's')).join(' ')
  const format = first.value as string
  let next = 0
  let line = ''
  for (let i = 0; i < format.length; i++) {
    const char = format[i] as string
    if (char !== '%' || i + 1 >= format.length) {
      line += char
      continue
    }
    if (format[i + 1] === '%') {
      line += '%'
      i++
      continue
    }
    const arg = rest[next]
    if (arg === undefined) {
      line += char
      continue
    }
    const spec = /^(?:[sdiox]|\d*e)/.exec(format.slice(i + 1))
    if (!spec) {
      // An unknown specifier prints as written, with the digits it read, as foundry's parser does.
      line += '%'
      continue
    }
    line += formatValue(arg, spec[0])
    next++
    i += spec[0].length
  }
  const leftOver = rest.slice(next).map((arg) => formatValue(arg, 's'))
  return format === '' ? leftOver.join(' ') : [line, ...leftOver].join(' ')
}

/** One value under a format specifier; `NaN` where the specifier needs a number the value is not. */
function formatValue({ type, value }: ConsoleValue, spec: string): string {
  if (type === 'uint256' || type === 'int256') {
    const integer = value as bigint
    if (spec === 'x') return integer < 0n ? `-0x${(-integer).toString(16)}` : `0x${integer.toString(16)}`
    if (spec.endsWith('e')) return exponential(integer, spec === 'e' ? undefined : Number(spec.slice(0, -1)))
    return integer.toString()
  }
  if (type === 'bool') {
    if (spec === 's') return String(value)
    if (spec === 'o') return `'${String(value)}'`
    return spec === 'd' ? (value ? '1' : '0') : 'NaN'
  }
  const text = type === 'string' ? (value as string) : type === 'address' ? getAddress(value as string) : (value as string)
  if (spec === 's' || (spec === 'x' && type !== 'string')) return text
  if (spec === 'o') return `'${text}'`
  return 'NaN'
}

/**
 * `%e`: the integer in exponential notation (1.23e5); `%<n>e`: the integer divided by 10^n with its
 * decimals (a token amount with n decimals), trailing zeros dropped.
 */
function exponential(integer: bigint, decimals: number | undefined): string {
  const sign = integer < 0n ? '-' : ''
  const digits = (integer < 0n ? -integer : integer).toString()
  const places = decimals ?? digits.length - 1
  const padded = digits.padStart(places + 1, '0')
  const whole = padded.slice(0, padded.length - places)
  const fraction = padded.slice(padded.length - places).replace(/0+$/, '')
  const number = fraction === '' ? whole : `${whole}.${fraction}`
  return decimals === undefined ? `${sign}${number}e${places}` : `${sign}${number}`
}
