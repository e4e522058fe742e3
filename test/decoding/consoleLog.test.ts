import { concatHex, encodeAbiParameters, hexToBytes, toFunctionSelector } from 'viem'
import type { Hex } from 'viem'
import { describe, expect, test } from 'vitest'
import { consoleSignatures, decodeConsoleCall } from '../../src/decoding/consoleLog.ts'

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
/** A value of each type console.sol takes, and how Anvil and Hardhat print it. */
const SAMPLES: Record<string, { value: unknown; printed: string }> = {
  uint256: { value: 2n ** 256n - 1n, printed: (2n ** 256n - 1n).toString() },
  int256: { value: -(2n ** 255n), printed: (-(2n ** 255n)).toString() },
  string: { value: 'text', printed: 'text' },
  bool: { value: true, printed: 'true' },
  address: { value: ADDRESS.toLowerCase(), printed: ADDRESS },
  bytes: { value: '0xdeadbeef', printed: '0xdeadbeef' },
}
const sampleOf = (type: string) => SAMPLES[type] ?? { value: `0x${'ab'.repeat(Number(type.slice(5)))}`, printed: `0x${'ab'.repeat(Number(type.slice(5)))}` }

function typesOf(signature: string): string[] {
  const list = signature.slice(signature.indexOf('(') + 1, -1)
  return list === '' ? [] : list.split(',')
}

function calldata(selectorSignature: string, types: readonly string[]): Uint8Array {
  const values = types.map((type) => sampleOf(type).value)
  const encoded = encodeAbiParameters(
    types.map((type) => ({ type })),
    values,
  )
  return hexToBytes(concatHex([toFunctionSelector(selectorSignature), encoded as Hex]))
}

describe('every function of console.sol', () => {
  const signatures = consoleSignatures()

  test("Hardhat's 380: log() and log of 1 to 4 uint256/string/bool/address, log(int256), the six named, logBytes1..32", () => {
    expect(signatures).toHaveLength(380)
    expect(new Set(signatures).size).toBe(380)
    expect(signatures).toEqual(expect.arrayContaining(['log()', 'log(int256)', 'log(address,bool,string,uint256)', 'logBytes32(bytes32)', 'logInt(int256)']))
  })

  test.each(signatures)('%s decodes, each argument printed as Anvil prints it', (signature) => {
    const types = typesOf(signature)
    // A first string is a format string: "text" holds no specifier, so every argument prints in turn.
    expect(decodeConsoleCall(calldata(signature, types))).toBe(types.map((type) => sampleOf(type).printed).join(' '))
  })

  test.each(signatures.filter((signature) => /u?int256/.test(signature)))('%s also under its uint/int selector', (signature) => {
    const types = typesOf(signature)
    const legacy = signature.replace(/\b(u?int)256\b/g, '$1')
    expect(decodeConsoleCall(calldata(legacy, types))).toBe(types.map((type) => sampleOf(type).printed).join(' '))
  })
})

describe('what is no console.sol call prints nothing', () => {
  test('an unknown selector, calldata shorter than a selector, arguments that do not decode', () => {
    expect(decodeConsoleCall(calldata('transfer(address,uint256)', ['address', 'uint256']))).toBeUndefined()
    expect(decodeConsoleCall(new Uint8Array([0xf8, 0x2c]))).toBeUndefined()
    expect(decodeConsoleCall(calldata('log(string)', []))).toBeUndefined()
  })
})

describe('format strings', () => {
  const line = (format: string, ...rest: Array<[string, unknown]>) => {
    const types = ['string', ...rest.map(([type]) => type)]
    const signature = `log(${types.join(',')})`
    const data = encodeAbiParameters(
      types.map((type) => ({ type })),
      [format, ...rest.map(([, value]) => value)],
    )
    return decodeConsoleCall(hexToBytes(concatHex([toFunctionSelector(signature), data])))
  }

  test('%s %d %i %o %x %e and %<n>e take the next argument; %% is a percent sign; the rest are appended', () => {
    expect(line('%s has %d items', ['string', 'cart'], ['uint256', 3n])).toBe('cart has 3 items')
    expect(line('%i and %o', ['bool', true], ['string', 'x'])).toBe("NaN and 'x'")
    expect(line('%x %e', ['uint256', 255n], ['uint256', 123000n])).toBe('0xff 1.23e5')
    expect(line('%18e ETH', ['uint256', 1_500_000_000_000_000_000n])).toBe('1.5 ETH')
    expect(line('100%% %s', ['address', ADDRESS.toLowerCase()], ['bool', false])).toBe(`100% ${ADDRESS} false`)
    expect(line('%q stays', ['uint256', 1n])).toBe('%q stays 1')
    expect(line('', ['uint256', 1n], ['bool', true])).toBe('1 true')
  })
})
