import { encodeDeployData, encodeFunctionData, hexToBytes } from 'viem'
import { ChainsimToken, EventEmitter } from '../../src/contracts/index.ts'
import type { ChainNode } from '../../src/node.ts'

/** Deploys the bundled ERC-20 from dev account `from` and returns its address. */
export async function deployToken(node: ChainNode, from = 0, supply = 1_000_000n * 10n ** 18n): Promise<Uint8Array> {
  const data = encodeDeployData({ abi: ChainsimToken.abi, bytecode: ChainsimToken.bytecode, args: ['Token', 'TOK', supply] })
  return deploy(node, from, data)
}

/** Deploys the bundled event emitter and returns its address. */
export async function deployEmitter(node: ChainNode, from = 0): Promise<Uint8Array> {
  return deploy(node, from, EventEmitter.bytecode)
}

async function deploy(node: ChainNode, from: number, data: `0x${string}`): Promise<Uint8Array> {
  const account = node.accounts[from]!
  const hash = await node.sendTransaction({ from: account.address, data: hexToBytes(data) })
  const found = node.transaction(hash)
  if (found?.status !== 'mined') throw new Error('deployment was not mined')
  const address = found.location.block.transactions[found.location.index]!.contractAddress
  if (!address) throw new Error('deployment created no contract')
  return address
}

export function transferData(to: Uint8Array, amount: bigint): Uint8Array {
  return hexToBytes(encodeFunctionData({ abi: ChainsimToken.abi, functionName: 'transfer', args: [bytesToAddress(to), amount] }))
}

export function emitManyData(count: bigint): Uint8Array {
  return hexToBytes(encodeFunctionData({ abi: EventEmitter.abi, functionName: 'emitMany', args: [count] }))
}

export function bytesToAddress(bytes: Uint8Array): `0x${string}` {
  return `0x${Buffer.from(bytes).toString('hex')}`
}

export function balanceOfData(owner: Uint8Array): Uint8Array {
  return hexToBytes(encodeFunctionData({ abi: ChainsimToken.abi, functionName: 'balanceOf', args: [bytesToAddress(owner)] }))
}
