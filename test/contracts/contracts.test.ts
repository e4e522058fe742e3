import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import {
  type Abi,
  decodeEventLog,
  encodeAbiParameters,
  encodeDeployData,
  encodeEventTopics,
  encodeFunctionData,
  isHex,
  toEventSignature,
  toFunctionSignature,
} from 'viem'
import { ARTIFACTS_DIR, CONTRACTS_DIR, compileContracts, renderModules } from '../../scripts/compile-contracts.ts'
import { bundledContracts, ChainsimToken, EventEmitter } from '../../src/contracts/index.ts'

const functionSignatures = (abi: Abi): string[] => abi.flatMap((item) => (item.type === 'function' ? [toFunctionSignature(item)] : [])).sort()

const eventSignatures = (abi: Abi): string[] => abi.flatMap((item) => (item.type === 'event' ? [toEventSignature(item)] : [])).sort()

const topicCounts = (abi: Abi): Record<string, number> =>
  Object.fromEntries(
    abi.flatMap((item) => (item.type === 'event' ? [[item.name, item.inputs.filter((i) => i.indexed).length + (item.anonymous ? 0 : 1)]] : [])),
  )

const alice = '0x00000000000000000000000000000000000A11cE'
const bob = '0x0000000000000000000000000000000000000B0b'

describe('ChainsimToken artifact', () => {
  test('exposes the ERC-20 interface plus an open mint', () => {
    expect(functionSignatures(ChainsimToken.abi)).toEqual([
      'allowance(address,address)',
      'approve(address,uint256)',
      'balanceOf(address)',
      'decimals()',
      'mint(address,uint256)',
      'name()',
      'symbol()',
      'totalSupply()',
      'transfer(address,uint256)',
      'transferFrom(address,address,uint256)',
    ])
    expect(eventSignatures(ChainsimToken.abi)).toEqual(['Approval(address,address,uint256)', 'Transfer(address,address,uint256)'])
  })

  test('events hash to the canonical ERC-20 topics and round-trip through viem', () => {
    const topics = encodeEventTopics({ abi: ChainsimToken.abi, eventName: 'Transfer', args: { from: alice, to: bob } })
    expect(topics[0]).toBe('0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef')
    const approval = encodeEventTopics({ abi: ChainsimToken.abi, eventName: 'Approval' })
    expect(approval[0]).toBe('0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925')

    const decoded = decodeEventLog({
      abi: ChainsimToken.abi,
      topics: topics as [`0x${string}`, ...`0x${string}`[]],
      data: encodeAbiParameters([{ type: 'uint256' }], [5n]),
    })
    expect(decoded).toEqual({ eventName: 'Transfer', args: { from: alice, to: bob, value: 5n } })
  })

  test('deploy data is the bytecode followed by the ABI-encoded constructor args', () => {
    const data = encodeDeployData({
      abi: ChainsimToken.abi,
      bytecode: ChainsimToken.bytecode,
      args: ['Chainsim', 'SIM', 10n ** 24n],
    })
    expect(data.startsWith(ChainsimToken.bytecode)).toBe(true)
    expect(data.length).toBeGreaterThan(ChainsimToken.bytecode.length)
  })
})

describe('EventEmitter artifact', () => {
  test('exposes the emitters, revert helpers and the tick counter', () => {
    expect(functionSignatures(EventEmitter.abi)).toEqual([
      'emitAnonymous(uint256,uint256,uint256,uint256)',
      'emitFourTopics(uint256,address,bytes32,uint256)',
      'emitLargeData(bytes)',
      'emitMany(uint256)',
      'emitOneTopic(uint256)',
      'emitThreeTopics(uint256,address,uint256)',
      'emitTwoTopics(uint256,uint256)',
      'emitZeroTopics(uint256)',
      'panic()',
      'revertWith(string)',
      'tickCount()',
    ])
  })

  test('each event yields the topic count its emitter promises', () => {
    expect(topicCounts(EventEmitter.abi)).toEqual({
      ZeroTopics: 0,
      OneTopic: 1,
      TwoTopics: 2,
      ThreeTopics: 3,
      FourTopics: 4,
      AnonymousFourTopics: 4,
      LargeData: 1,
      Tick: 3,
      BeforeRevert: 2,
    })
    expect(eventSignatures(EventEmitter.abi)).toContain('Tick(uint256,address,uint256)')
  })

  test('revert helpers can be sent as transactions', () => {
    // viem only lets nonpayable/payable functions through writeContract, and reverting txs must be minable.
    const mutability = Object.fromEntries(EventEmitter.abi.flatMap((item) => (item.type === 'function' ? [[item.name, item.stateMutability]] : [])))
    expect(mutability['revertWith']).toBe('nonpayable')
    expect(mutability['panic']).toBe('nonpayable')
    expect(encodeFunctionData({ abi: EventEmitter.abi, functionName: 'emitMany', args: [3n] })).toMatch(/^0x[0-9a-f]{72}$/)
  })
})

describe('bundled artifacts', () => {
  test('bundledContracts maps each name to its artifact, with non-empty 0x-hex bytecode', () => {
    expect(Object.keys(bundledContracts).sort()).toEqual(['ChainsimToken', 'EventEmitter', 'Relay'])
    for (const [name, artifact] of Object.entries(bundledContracts)) {
      expect(artifact.contractName).toBe(name)
      for (const code of [artifact.bytecode, artifact.deployedBytecode]) {
        expect(isHex(code, { strict: true })).toBe(true)
        expect(code.length).toBeGreaterThan(2)
        expect(code.length % 2).toBe(0)
      }
    }
  })

  test('committed artifacts match a fresh compile of the sources', () => {
    const { contracts, warnings } = compileContracts()
    expect(warnings).toEqual([])
    const modules = renderModules(contracts)

    const onDisk = readdirSync(ARTIFACTS_DIR).map((f) => `artifacts/${f}`)
    expect([...onDisk, 'index.ts'].sort()).toEqual([...modules.keys()].sort())
    for (const [path, expected] of modules) {
      const actual = readFileSync(join(CONTRACTS_DIR, path), 'utf8')
      expect(actual, `src/contracts/${path} is stale: run npm run compile-contracts`).toBe(expected)
    }
  })
})
