import { decodeAbiParameters, encodeAbiParameters, encodeFunctionData, parseAbiParameters, toFunctionSelector } from 'viem'
import { describe, expect, test } from 'vitest'
import { bytesToHex, hexToBytes } from '../../src/evm/index.ts'
import { decodeResult, encodeArguments, encodeFunctionCall, encodeWord, parseSignature, parseType } from '../../src/scenarios/abi.ts'
import { AbiError } from '../../src/scenarios/errors.ts'

// The scenario ABI layer: values as YAML holds them, encoded through viem, checked against viem's own API.
const ALICE = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'
const CASES: Array<{ types: string; ours: unknown[]; viem: unknown[] }> = [
  { types: 'address,uint256', ours: [ALICE, '250e18'], viem: [ALICE, 250n * 10n ** 18n] },
  { types: 'bool,int8,int256,uint8', ours: [true, -1, '-5', 255], viem: [true, -1, -5n, 255] },
  { types: 'bytes32,bytes1', ours: [`0x${'ab'.repeat(32)}`, '0x01'], viem: [`0x${'ab'.repeat(32)}`, '0x01'] },
  { types: 'string,bytes', ours: ['héllo, world', '0xdeadbeef'], viem: ['héllo, world', '0xdeadbeef'] },
  { types: 'string', ours: ['x'.repeat(70)], viem: ['x'.repeat(70)] },
  {
    types: 'uint256[],string[]',
    ours: [
      [1, '2', '0x3'],
      ['a', '', 'ccc'],
    ],
    viem: [
      [1n, 2n, 3n],
      ['a', '', 'ccc'],
    ],
  },
  {
    types: 'address[2],uint16[3][]',
    ours: [
      [ALICE, ALICE],
      [
        [1, 2, 3],
        [4, 5, 6],
      ],
    ],
    viem: [
      [ALICE, ALICE],
      [
        [1, 2, 3],
        [4, 5, 6],
      ],
    ],
  },
  {
    types: '(uint256,string),(address,bytes)[]',
    ours: [
      [7, 'seven'],
      [
        [ALICE, '0x'],
        [ALICE, '0x01'],
      ],
    ],
    viem: [
      [7n, 'seven'],
      [
        [ALICE, '0x'],
        [ALICE, '0x01'],
      ],
    ],
  },
  {
    types: 'bytes[2],string[][]',
    ours: [
      ['0x', '0xff'],
      [['a'], [], ['b', 'c']],
    ],
    viem: [
      ['0x', '0xff'],
      [['a'], [], ['b', 'c']],
    ],
  },
]

describe.each(CASES)('($types)', ({ types, ours, viem }) => {
  const parsed = parseSignature(`f(${types})`).types

  test('encodes as viem does', () => {
    const expected = encodeAbiParameters(parseAbiParameters(types), viem as never)
    expect(bytesToHex(encodeArguments(parsed, ours))).toBe(expected)
  })

  test('decodes what viem encodes', () => {
    const encoded = encodeAbiParameters(parseAbiParameters(types), viem as never)
    const decoded = decodeAbiParameters(parseAbiParameters(types), encoded)
    // Ours: integers as decimal strings, addresses in lower case (chainsim's hex), where viem checksums.
    const asOurs = JSON.parse(
      JSON.stringify(decoded, (_k, v: unknown) =>
        typeof v === 'bigint' || typeof v === 'number' ? String(v) : typeof v === 'string' && /^0x[0-9a-fA-F]{40}$/.test(v) ? v.toLowerCase() : v,
      ),
    )
    expect(decodeResult(parsed, hexToBytes(encoded))).toEqual(asOurs)
  })
})

test('calldata: the selector of the canonical signature, then the arguments', () => {
  expect(bytesToHex(encodeFunctionCall('transfer( address , uint )', [ALICE, '1.5 ether']))).toBe(
    encodeFunctionData({
      abi: [{ type: 'function', name: 'transfer', inputs: [{ type: 'address' }, { type: 'uint256' }], outputs: [], stateMutability: 'nonpayable' }],
      functionName: 'transfer',
      args: [ALICE, 15n * 10n ** 17n],
    }),
  )
  expect(parseSignature('f((uint,int)[2],bytes)').canonical).toBe('f((uint256,int256)[2],bytes)')
  expect(bytesToHex(encodeFunctionCall('emitMany(uint256)', [2])).slice(0, 10)).toBe(toFunctionSelector('emitMany(uint256)'))
})

test('a 32-byte word: addresses and hex left-padded, numbers big-endian', () => {
  expect(bytesToHex(encodeWord(ALICE))).toBe(`0x000000000000000000000000${ALICE.slice(2)}`)
  expect(bytesToHex(encodeWord(250n * 10n ** 18n))).toBe(encodeAbiParameters([{ type: 'uint256' }], [250n * 10n ** 18n]))
  expect(bytesToHex(encodeWord('0x1'))).toBe(`0x${'0'.repeat(63)}1`)
})

test('values and types that do not fit are refused, saying which', () => {
  const [uint8] = [parseType('uint8')]
  expect(() => encodeArguments([uint8], [256], 'f')).toThrow(new AbiError('argument 0: 256 does not fit uint8'))
  expect(() => encodeArguments([parseType('int8')], [-129], 'f')).toThrow('does not fit int8')
  expect(() => encodeArguments([parseType('address')], ['0x1234'], 'f')).toThrow('argument 0: expected 20 bytes, got 2')
  expect(() => encodeArguments([parseType('uint256')], ['1.5'], 'f')).toThrow('argument 0: expected an integer, got "1.5"')
  expect(() => encodeArguments([parseType('uint256[2]')], [[1]], 'f')).toThrow('expected 2 elements, got 1')
  expect(() => encodeArguments([uint8], [], 'transfer(address)')).toThrow('transfer(address) takes 1 argument, got 0')
  expect(() => parseType('uint7')).toThrow('invalid type uint7')
  expect(() => parseType('bytes33')).toThrow('bytesN takes 1 to 32')
  expect(() => parseType('float')).toThrow('unknown ABI type "float"')
  expect(() => decodeResult([parseType('uint256')], new Uint8Array(31))).toThrow('return data too short')
})
