// A contract test suite's calls, as a Hardhat, Foundry or viem suite makes them against a fresh node: each
// "test" takes a snapshot, sends ERC-20 transfers as a dev account (the node signs, automine) and reads their
// receipts, reads balances with eth_call, estimates a transfer's gas, reads the logs it made, the balance
// and nonce of an account, sends one transaction it signed itself, mines an empty block, and reverts to the
// snapshot. Every answer is checked, so a node that answers fast but wrong fails the run.
import { Agent, request } from 'node:http'
import { decodeFunctionResult, encodeDeployData, encodeFunctionData, hexToBigInt, toHex } from 'viem'
import type { Hex } from 'viem'
import { ChainsimToken } from '../../src/contracts/index.ts'
import { createDevCommon, deriveDevAccounts, DEV_MNEMONIC, signTransaction } from '../../src/evm/index.ts'
import type { TypedTxData } from '../../src/evm/index.ts'
import { summarize } from './stats.ts'

/** One JSON-RPC call: the result, or a throw with the error object. */
export type Call = (method: string, params: unknown[]) => Promise<unknown>

export interface TestSuiteResult {
  tests: number
  /** Wall time of the whole suite (deployment excluded), ms. */
  totalMs: number
  perTestMs: number
  /** p50 of each method inside the mix, ms. */
  p50: Record<string, number>
  /** Each test's time, in order, ms. */
  testMs: number[]
}

const GWEI = 10n ** 9n
const accounts = deriveDevAccounts(DEV_MNEMONIC, 4)
const address = (i: number) => toHex(accounts[i]!.address)
const common = createDevCommon(31337n, 'bench')

function check(condition: boolean, what: string): void {
  if (!condition) throw new Error(`the test suite's check failed: ${what}`)
}

/** Runs `tests` tests through `call`; the node must be fresh, automining, with the dev accounts and chain id 31337. */
export async function runTestSuite(call: Call, tests: number): Promise<TestSuiteResult> {
  const samples = new Map<string, number[]>()
  const timed = async <T>(method: string, params: unknown[]): Promise<T> => {
    const start = performance.now()
    const result = (await call(method, params)) as T
    const elapsed = performance.now() - start
    let list = samples.get(method)
    if (!list) samples.set(method, (list = []))
    list.push(elapsed)
    return result
  }
  const [owner, alice, bob, signer] = [address(0), address(1), address(2), address(3)]
  // Anvil may answer a send before its block is in: the receipt is asked for until it is there, as a client
  // waiting for it does.
  const receiptOf = async (hash: Hex) => {
    for (let tries = 0; tries < 1000; tries++) {
      const receipt = await timed<{ status: Hex; blockNumber: Hex; logs: unknown[] } | null>('eth_getTransactionReceipt', [hash])
      if (!receipt) continue
      check(receipt.status === '0x1', `receipt of ${hash} is successful`)
      return receipt
    }
    throw new Error(`no receipt of ${hash} under automine`)
  }
  const send = async (from: Hex, data: Hex, to?: Hex) => receiptOf(await timed<Hex>('eth_sendTransaction', [{ from, ...(to ? { to } : {}), data }]))
  const balanceOf = async (token: Hex, who: Hex) => {
    const data = encodeFunctionData({ abi: ChainsimToken.abi, functionName: 'balanceOf', args: [who] })
    const result = await timed<Hex>('eth_call', [{ to: token, data }, 'latest'])
    return decodeFunctionResult({ abi: ChainsimToken.abi, functionName: 'balanceOf', data: result })
  }

  // Deployment, outside the measured part (a suite's fixture).
  const supply = 10n ** 24n
  const deployData = encodeDeployData({ abi: ChainsimToken.abi, bytecode: ChainsimToken.bytecode, args: ['Bench', 'BNCH', supply] })
  const deployHash = (await call('eth_sendTransaction', [{ from: owner, data: deployData, gas: '0x4c4b40' }])) as Hex
  let deployment: { contractAddress: Hex } | null = null
  for (let tries = 0; !deployment && tries < 1000; tries++) deployment = (await call('eth_getTransactionReceipt', [deployHash])) as typeof deployment
  check(deployment !== null, 'the token is deployed')
  const token = deployment!.contractAddress
  const startBalance = hexToBigInt((await call('eth_getBalance', [signer, 'latest'])) as Hex)

  const start = performance.now()
  const testMs: number[] = []
  for (let i = 0; i < tests; i++) {
    const testStart = performance.now()
    const snapshot = await timed<Hex>('evm_snapshot', [])
    const transfer = await send(owner, encodeFunctionData({ abi: ChainsimToken.abi, functionName: 'transfer', args: [alice, 100n] }), token)
    check(transfer.logs.length === 1, 'a transfer logs one Transfer')
    await send(owner, encodeFunctionData({ abi: ChainsimToken.abi, functionName: 'approve', args: [alice, 50n] }), token)
    await send(alice, encodeFunctionData({ abi: ChainsimToken.abi, functionName: 'transferFrom', args: [owner, bob, 30n] }), token)
    check((await balanceOf(token, owner)) === supply - 130n, "the owner's balance")
    check((await balanceOf(token, alice)) === 100n, "alice's balance")
    check((await balanceOf(token, bob)) === 30n, "bob's balance")
    const estimate = hexToBigInt(
      await timed<Hex>('eth_estimateGas', [
        { from: alice, to: token, data: encodeFunctionData({ abi: ChainsimToken.abi, functionName: 'transfer', args: [bob, 1n] }) },
      ]),
    )
    check(estimate > 21_000n && estimate < 100_000n, `a transfer's estimate (${estimate})`)
    const head = hexToBigInt(await timed<Hex>('eth_blockNumber', []))
    const logs = await timed<unknown[]>('eth_getLogs', [{ address: token, fromBlock: toHex(head - 2n), toBlock: toHex(head) }])
    check(logs.length >= 3, `the last three blocks' logs (${logs.length})`)
    check(hexToBigInt(await timed<Hex>('eth_getBalance', [signer, 'latest'])) === startBalance, "the signer's balance")
    const nonce = hexToBigInt(await timed<Hex>('eth_getTransactionCount', [signer, 'latest']))
    check(nonce === 0n, "the signer's nonce after every revert")
    const raw = signTransaction(
      {
        type: 2,
        chainId: 31337n,
        nonce,
        to: accounts[0]!.address,
        value: 1n,
        gasLimit: 21_000n,
        maxFeePerGas: 100n * GWEI,
        maxPriorityFeePerGas: GWEI,
      } as TypedTxData,
      accounts[3]!.privateKey,
      common,
    )
    await receiptOf(await timed<Hex>('eth_sendRawTransaction', [toHex(raw.raw)]))
    await timed('evm_mine', [])
    check((await timed<boolean>('evm_revert', [snapshot])) === true, 'evm_revert')
    testMs.push(performance.now() - testStart)
  }
  const totalMs = performance.now() - start
  const p50: Record<string, number> = {}
  for (const [method, list] of samples) p50[method] = summarize(list).median
  return { tests, totalMs, perTestMs: totalMs / tests, p50, testMs }
}

/**
 * A Call over HTTP on one kept-alive connection (node:http's agent: lighter than fetch, so the client's own
 * cost stays small beside the node's).
 */
export function httpCall(url: string): Call {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 })
  let id = 0
  return (method, params) =>
    new Promise((resolve, reject) => {
      const body = JSON.stringify({ jsonrpc: '2.0', id: ++id, method, params })
      const req = request(
        url,
        { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
        (response) => {
          const chunks: Buffer[] = []
          response.on('data', (chunk: Buffer) => chunks.push(chunk))
          response.on('end', () => {
            try {
              const answer = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { result?: unknown; error?: { code: number; message: string } }
              if (answer.error) reject(Object.assign(new Error(`${method}: ${answer.error.message}`), answer.error))
              else resolve(answer.result)
            } catch (error) {
              reject(error)
            }
          })
        },
      )
      req.on('error', reject)
      req.end(body)
    })
}
