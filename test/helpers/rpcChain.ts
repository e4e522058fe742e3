import type { Hex, TransactionSerializable } from 'viem'
import { encodeDeployData, encodeFunctionData } from 'viem/utils'
import { mnemonicToSeedSync } from '@scure/bip39'
import { HDKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts'
import { ChainsimToken, EventEmitter, Relay } from '../../src/contracts/index.ts'
import { rpc } from './rpcClient.ts'

/** A served chain as the RPC tests use it: startChainsim's (`url`, `wsUrl`, `networks` by name, `close`). */
export type { Chainsim as DevServer, ChainsimNetwork as ServedNetwork } from '../../src/testing/index.ts'

const DEV_MNEMONIC = 'test test test test test test test test test test test junk'
let devRoot: HDKey | undefined
const accounts = new Map<number, PrivateKeyAccount>()

/** Dev account `index` of the Anvil/Hardhat mnemonic, derived by viem (independently of chainsim). */
export function devAccount(index: number): PrivateKeyAccount {
  let account = accounts.get(index)
  if (!account) {
    // The seed (2,048 PBKDF2 rounds) is computed once, not once per account.
    devRoot ??= HDKey.fromMasterSeed(mnemonicToSeedSync(DEV_MNEMONIC))
    const { privateKey } = devRoot.derive(`m/44'/60'/0'/0/${index}`)
    account = privateKeyToAccount(`0x${Buffer.from(privateKey!).toString('hex')}`)
    accounts.set(index, account)
  }
  return account
}

/** A transaction for eth_sendTransaction: wire fields (hex strings). */
export type WireTransaction = {
  from: Hex
  to?: Hex
  data?: Hex
  value?: Hex
  gas?: Hex
  nonce?: Hex
  gasPrice?: Hex
  maxFeePerGas?: Hex
  maxPriorityFeePerGas?: Hex
}

/** Sends a transaction signed by the node (eth_sendTransaction) and returns its hash. */
export function send(url: string, tx: WireTransaction): Promise<Hex> {
  return rpc<Hex>(url, 'eth_sendTransaction', [tx])
}

/** Receipt of a mined transaction (throws when there is none). */
export async function receiptOf(url: string, hash: Hex): Promise<Record<string, any>> {
  const receipt = await rpc(url, 'eth_getTransactionReceipt', [hash])
  if (!receipt) throw new Error(`no receipt for ${hash}`)
  return receipt
}

/**
 * The receipt once the transaction is mined, asked again until `timeoutMs` has passed: Anvil answers
 * eth_sendTransaction before its automined block is in (chainsim answers after it, so this returns at once there).
 */
export async function minedReceiptOf(url: string, hash: Hex, timeoutMs = 10_000): Promise<Record<string, any>> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const receipt = await rpc<Record<string, any> | null>(url, 'eth_getTransactionReceipt', [hash])
    if (receipt) return receipt
    if (Date.now() > deadline) throw new Error(`no receipt for ${hash} within ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

/**
 * Deploys creation code from dev account `from` (mining it if automine is off) and returns the address. A `gas`
 * limit skips estimation (a binary search of runs), for fixtures that deploy many times.
 */
export async function deploy(url: string, data: Hex, options: { from?: number; mine?: boolean; gas?: Hex } = {}): Promise<Hex> {
  const hash = await send(url, { from: devAccount(options.from ?? 0).address, data, ...(options.gas && { gas: options.gas }) })
  if (options.mine) await rpc(url, 'evm_mine')
  const receipt = await minedReceiptOf(url, hash)
  if (receipt.status !== '0x1' || !receipt.contractAddress) throw new Error(`deployment failed: ${JSON.stringify(receipt)}`)
  return receipt.contractAddress as Hex
}

/** Deploys the bundled ERC-20 (1,000,000 tokens to the deployer). */
export function deployTokenViaRpc(url: string, options: { from?: number; mine?: boolean; gas?: Hex } = {}): Promise<Hex> {
  const data = encodeDeployData({ abi: ChainsimToken.abi, bytecode: ChainsimToken.bytecode, args: ['Token', 'TOK', 10n ** 24n] })
  return deploy(url, data, options)
}

/** Deploys the bundled EventEmitter. */
export function deployEmitterViaRpc(url: string, options: { from?: number; mine?: boolean; gas?: Hex } = {}): Promise<Hex> {
  return deploy(url, EventEmitter.bytecode, options)
}

/** Deploys the bundled Relay (calls other contracts every way the EVM can). */
export function deployRelayViaRpc(url: string, options: { from?: number; mine?: boolean } = {}): Promise<Hex> {
  return deploy(url, Relay.bytecode, options)
}

/** Calldata of a Relay function. */
export function relayCall<F extends (typeof Relay.abi)[number] & { type: 'function' }>(functionName: F['name'], args: readonly unknown[] = []): Hex {
  return encodeFunctionData({ abi: Relay.abi, functionName, args } as never)
}

/** Calldata of an EventEmitter function. */
export function emitterCall<F extends (typeof EventEmitter.abi)[number] & { type: 'function' }>(functionName: F['name'], args: readonly unknown[] = []): Hex {
  return encodeFunctionData({ abi: EventEmitter.abi, functionName, args } as never)
}

/** Calldata of a ChainsimToken function. */
export function tokenCall(functionName: string, args: readonly unknown[] = []): Hex {
  return encodeFunctionData({ abi: ChainsimToken.abi, functionName, args } as never)
}

/** A bigint as a minimal JSON-RPC quantity. */
export function hex(value: bigint | number): Hex {
  return `0x${value.toString(16)}`
}

/** The next nonce of `address`, counting its pooled transactions. */
export async function nextNonce(url: string, address: Hex): Promise<number> {
  return Number(await rpc<Hex>(url, 'eth_getTransactionCount', [address, 'pending']))
}

/**
 * Signs a transaction with viem (independently of chainsim's signer) for dev account `index`, filling the
 * nonce from the node when it is not given; returns the raw transaction for eth_sendRawTransaction.
 */
export async function signRaw(url: string, index: number, tx: DistributiveOmit<TransactionSerializable, 'nonce'> & { nonce?: number }): Promise<Hex> {
  const account = devAccount(index)
  const nonce = tx.nonce ?? (await nextNonce(url, account.address))
  return account.signTransaction({ ...tx, nonce } as TransactionSerializable)
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never
