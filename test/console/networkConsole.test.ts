import { encodeDeployData, encodeFunctionData, getAddress, hexToBytes, toHex } from 'viem'
import { beforeAll, describe, expect, test } from 'vitest'
import type { ConsoleOutput } from '../../src/console/networkConsole.ts'
import { ChainNode } from '../../src/node.ts'
import { consoleDemo } from '../helpers/consoleContract.ts'

const COUNTING = '0102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f20'

/** What `formats()` prints, as Anvil 1.7.1 printed it for the same contract (`{this}` and `{sender}` filled in). */
const FORMATS = [
  '42',
  '-7',
  'hello',
  'true',
  '{this}',
  '-1',
  '1',
  's',
  'false',
  '{sender}',
  'a x b 3 c NaN',
  "o 'x' 'true'",
  'pct % 0xff %e',
  'flag 1',
  'str NaN',
  '{this}',
  '9 true',
  '{sender} 2 three',
  'q {sender} true 4',
  'false {sender} x %s 5',
  'trail %',
  'only %s',
  '1.0023e6 1.5 0.05',
]

/** What `bytesAndLegacy()` prints, as Hardhat's node prints it. */
const BYTES_AND_LEGACY = ['', '0xdeadbeef', ...Array.from({ length: 32 }, (_, i) => `0x${COUNTING.slice(0, 2 * (i + 1))}`), '77', '-77', 'legacy 78', '1 2 3 4']

let node: ChainNode
let contract: Uint8Array
let sender: Uint8Array
const outputs: ConsoleOutput[] = []
const fill = (lines: string[]) => lines.map((line) => line.replaceAll('{this}', getAddress(toHex(contract))).replaceAll('{sender}', getAddress(toHex(sender))))
const data = (functionName: 'run' | 'fail' | 'formats' | 'overwritten') => hexToBytes(encodeFunctionData({ abi: consoleDemo().abi, functionName }))

beforeAll(async () => {
  node = await ChainNode.create()
  sender = node.accounts[0]!.address
  node.console.subscribe((output) => outputs.push(output))
  const hash = await node.sendTransaction({ from: sender, data: hexToBytes(encodeDeployData({ abi: consoleDemo().abi, bytecode: consoleDemo().bytecode })) })
  const found = node.transaction(hash)
  if (found?.status !== 'mined') throw new Error('ConsoleDemo was not mined')
  contract = found.location.block.transactions[found.location.index]!.contractAddress!
})

const minedLines = (output: ConsoleOutput | undefined) => (output?.kind === 'block' ? output.lines : undefined)

describe('console.log of mined transactions', () => {
  test('the constructor formats its string argument', () => {
    expect(minedLines(outputs[0])).toEqual([fill(['deployed by {sender}'])])
  })

  test('every argument type and format specifier, in the order they ran', async () => {
    outputs.length = 0
    const hash = await node.sendTransaction({ from: sender, to: contract, data: data('run'), gas: 2_000_000n })
    const found = node.transaction(hash)
    if (found?.status !== 'mined') throw new Error('run() was not mined')
    expect(minedLines(outputs[0])).toEqual([fill([...FORMATS, ...BYTES_AND_LEGACY])])
    expect(node.console.linesOf(found.location.block, found.location.index)).toEqual(fill([...FORMATS, ...BYTES_AND_LEGACY]))
  })

  test('a reverted transaction prints what ran before the revert', async () => {
    outputs.length = 0
    const hash = await node.sendTransaction({ from: sender, to: contract, data: data('fail'), gas: 100_000n })
    const found = node.transaction(hash)
    if (found?.status !== 'mined') throw new Error('fail() was not mined')
    expect(found.location.block.transactions[found.location.index]!.status).toBe(0)
    expect(minedLines(outputs[0])).toEqual([['before revert 1']])
  })

  test('what a call sent prints, though the caller writes over that memory after it', async () => {
    outputs.length = 0
    await node.sendTransaction({ from: sender, to: contract, data: data('overwritten'), gas: 100_000n })
    expect(minedLines(outputs[0])).toEqual([['kept']])
  })
})

describe('console.log of calls', () => {
  test('eth_call prints once, a reverted one too', async () => {
    outputs.length = 0
    await node.execution.call({ from: sender, to: contract, data: data('formats') }, node.head)
    await node.execution.call({ from: sender, to: contract, data: data('fail') }, node.head)
    expect(outputs).toEqual([
      { kind: 'call', method: 'eth_call', lines: fill(FORMATS) },
      { kind: 'call', method: 'eth_call', lines: ['before revert 1'] },
    ])
  })

  test('eth_estimateGas prints its first run only, where Anvil prints every run of its search', async () => {
    outputs.length = 0
    await node.execution.estimateGas({ from: sender, to: contract, data: data('formats') }, node.head)
    expect(outputs).toEqual([{ kind: 'call', method: 'eth_estimateGas', lines: fill(FORMATS) }])
  })

  test('a transaction whose gas chainsim fills prints when mined, not while its gas is estimated', async () => {
    outputs.length = 0
    await node.sendTransaction({ from: sender, to: contract, data: data('formats') })
    expect(outputs.map((output) => output.kind)).toEqual(['block'])
  })
})

describe('nothing captured without a listener', () => {
  test('a node nobody listens to keeps no console output', async () => {
    const quiet = await ChainNode.create()
    const from = quiet.accounts[0]!.address
    const hash = await quiet.sendTransaction({ from, data: hexToBytes(encodeDeployData({ abi: consoleDemo().abi, bytecode: consoleDemo().bytecode })) })
    const found = quiet.transaction(hash)
    if (found?.status !== 'mined') throw new Error('not mined')
    expect(quiet.console.capturing).toBe(false)
    expect(quiet.console.linesOf(found.location.block, found.location.index)).toBeUndefined()
  })
})
