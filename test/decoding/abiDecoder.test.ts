import { getAddress, encodeAbiParameters, encodeErrorResult, encodeEventTopics, encodeFunctionData, parseAbi, type Hex } from 'viem'
import { describe, expect, test } from 'vitest'
import { AbiDecoder, BUNDLED_ABIS } from '../../src/decoding/abiDecoder.ts'
import { parseDeclaredAbi } from '../../src/decoding/declaredAbis.ts'
import { AbiDeclarationError } from '../../src/decoding/errors.ts'
import { hexToBytes } from '../../src/evm/index.ts'

const erc721 = parseDeclaredAbi('Nft', [
  'event Transfer(address indexed from, address indexed to, uint256 indexed tokenId)',
  'error NotOwner(address caller, uint256 tokenId)',
  'function burn(uint256 tokenId)',
])
const decoder = new AbiDecoder([...BUNDLED_ABIS, erc721])
const bytes = (hex: Hex) => hexToBytes(hex)
// viem gives addresses checksummed; so does the decoder.
const alice = getAddress('0x00000000000000000000000000000000000000a1')
const bob = getAddress('0x00000000000000000000000000000000000000b0')

describe('logs', () => {
  test("two ABIs share Transfer's signature: the one whose indexed arguments fit decodes it", () => {
    const erc20Topics = encodeEventTopics({
      abi: parseAbi(['event Transfer(address indexed from, address indexed to, uint256 value)']),
      eventName: 'Transfer',
      args: { from: alice, to: bob },
    })
    const erc20 = decoder.decodeLog(
      erc20Topics.map((t) => bytes(t as Hex)),
      bytes(encodeAbiParameters([{ type: 'uint256' }], [5n])),
    )
    expect(erc20).toMatchObject({
      abi: 'ChainsimToken',
      name: 'Transfer',
      args: [
        { name: 'from', value: alice },
        { name: 'to', value: bob },
        { name: 'value', value: '5' },
      ],
    })
    const nftTopics = encodeEventTopics({ abi: erc721.abi, eventName: 'Transfer', args: { from: alice, to: bob, tokenId: 7n } } as never)
    expect(
      decoder.decodeLog(
        nftTopics.map((t) => bytes(t as Hex)),
        new Uint8Array(),
      ),
    ).toMatchObject({ abi: 'Nft', args: [{}, {}, { name: 'tokenId', value: '7', indexed: true }] })
  })

  test('no topics, or an unknown one: not decoded', () => {
    expect(decoder.decodeLog([], new Uint8Array(32))).toBeUndefined()
    expect(decoder.decodeLog([new Uint8Array(32)], new Uint8Array())).toBeUndefined()
  })
})

describe('calls and errors', () => {
  test('calldata by selector; a custom error by selector; garbage after a known selector is not decoded', () => {
    expect(decoder.decodeCall(bytes(encodeFunctionData({ abi: erc721.abi, functionName: 'burn', args: [3n] } as never)))).toMatchObject({
      name: 'burn',
      signature: 'burn(uint256)',
      args: [{ name: 'tokenId', value: '3' }],
    })
    expect(decoder.decodeError(bytes(encodeErrorResult({ abi: erc721.abi, errorName: 'NotOwner', args: [alice, 1n] } as never)))).toMatchObject({
      name: 'NotOwner',
      args: [{ value: alice }, { value: '1' }],
    })
    const selector = encodeFunctionData({ abi: erc721.abi, functionName: 'burn', args: [3n] } as never).slice(0, 10) as Hex
    expect(decoder.decodeCall(bytes(`${selector}12` as Hex))).toBeUndefined()
    expect(decoder.decodeCall(new Uint8Array([1, 2]))).toBeUndefined()
  })
})

describe("a project's artifacts", () => {
  const vault = parseDeclaredAbi('Vault', ['function burn(uint256 shares)', 'error NotOwner(address account, uint256 vaultId)'])
  const project = new AbiDecoder(
    [...BUNDLED_ABIS, erc721],
    [{ name: 'Vault', file: 'Vault.sol/Vault.json', abi: vault.abi, deployedBytecode: new Uint8Array([0x60, 0x00]) }],
  )
  const burn = bytes(encodeFunctionData({ abi: vault.abi, functionName: 'burn', args: [3n] } as never))
  const notOwner = bytes(encodeErrorResult({ abi: vault.abi, errorName: 'NotOwner', args: [alice, 1n] } as never))

  test("come first: under a shared selector, the project's names win", () => {
    expect(project.decodeCall(burn)).toMatchObject({ abi: 'Vault', args: [{ name: 'shares', value: '3' }] })
  })

  test("the called contract's ABI decodes before the others", () => {
    const nftFirst = new AbiDecoder([...BUNDLED_ABIS, erc721, vault])
    expect(nftFirst.decodeCall(burn)).toMatchObject({ abi: 'Nft', args: [{ name: 'tokenId' }] })
    expect(nftFirst.decodeCall(burn, 'Vault')).toMatchObject({ abi: 'Vault', args: [{ name: 'shares', value: '3' }] })
    expect(nftFirst.decodeError(notOwner, 'Vault')).toMatchObject({ abi: 'Vault', args: [{ name: 'account', value: alice }, { name: 'vaultId' }] })
    expect(nftFirst.decodeError(notOwner)).toMatchObject({ abi: 'Nft' })
  })

  test('load replaces what the decoder knew', () => {
    const reloaded = new AbiDecoder(BUNDLED_ABIS, [{ name: 'Vault', file: 'Vault.json', abi: vault.abi, deployedBytecode: new Uint8Array([0x60, 0x00]) }])
    expect(reloaded.contractOf(new Uint8Array([0x60, 0x00]))?.name).toBe('Vault')
    reloaded.load(BUNDLED_ABIS, [])
    expect(reloaded.decodeCall(burn)).toBeUndefined()
    expect(reloaded.contractOf(new Uint8Array([0x60, 0x00]))).toBeUndefined()
  })
})

describe('declared ABIs', () => {
  test('Solidity-style lines and JSON entries both read; a bad entry is named by its index', () => {
    const mixed = parseDeclaredAbi('Mixed', [
      'event A(uint256 x)',
      { type: 'event', name: 'B', inputs: [{ name: 'y', type: 'bool', indexed: false }], anonymous: false },
    ])
    expect(mixed.abi.map((item) => (item as { name: string }).name)).toEqual(['A', 'B'])
    expect(() => parseDeclaredAbi('Bad', ['event A(uint256 x)', 'event (broken'])).toThrow(AbiDeclarationError)
    try {
      parseDeclaredAbi('Bad', ['event A(uint256 x)', 'event (broken'])
    } catch (error) {
      expect((error as AbiDeclarationError).index).toBe(1)
    }
  })
})
