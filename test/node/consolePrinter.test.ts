import { encodeDeployData, getAddress, hexToBytes, toHex } from 'viem'
import { expect, test } from 'vitest'
import { formatConsoleOutput } from '../../src/consolePrinter.ts'
import { ChainNode } from '../../src/node.ts'
import { consoleDemo } from '../helpers/consoleContract.ts'

test("a block of two transactions: each one's console.log lines, hash, contract and own gas, then the block once", async () => {
  const node = await ChainNode.create({ mining: { auto: false } })
  const printed: string[] = []
  node.console.subscribe((output) => printed.push(...formatConsoleOutput(output)))
  const [alice, bob] = node.accounts
  const data = hexToBytes(encodeDeployData({ abi: consoleDemo().abi, bytecode: consoleDemo().bytecode }))
  const deployment = await node.sendTransaction({ from: alice!.address, data, gas: 10_000_000n })
  const transfer = await node.sendTransaction({ from: bob!.address, to: alice!.address, value: 1n, gas: 21_000n })
  const [block] = await node.mine(1)
  const [deployed] = block!.transactions
  const time = new Date(Number(block!.timestamp) * 1000)
    .toUTCString()
    .replace(/ 0(\d) /, ' $1 ')
    .replace('GMT', '+0000')
  expect(printed).toEqual([
    `deployed by ${getAddress(toHex(alice!.address))}`,
    '',
    `    Transaction: ${toHex(deployment)}`,
    `    Contract created: ${getAddress(toHex(deployed!.contractAddress!))}`,
    `    Gas used: ${deployed!.gasUsed}`,
    '',
    `    Transaction: ${toHex(transfer)}`,
    // The transaction's own gas, where Anvil prints the block's so far.
    '    Gas used: 21000',
    '',
    '    Block Number: 1',
    `    Block Hash: ${toHex(block!.hash)}`,
    `    Block Time: "${time}"`,
    '',
  ])
})
