// A fresh process runs every hot path in V8's interpreter until each function has been called often enough to
// be compiled, and the compiling itself takes CPU from the first tests a suite runs. Warming up runs the calls
// a contract test suite makes (a deployment, ERC-20 transfers signed by the node and by the client, receipts,
// calls, a gas estimate, logs, balances, snapshot and revert) on a throwaway chain of its own, through the same
// HTTP app, dispatcher, method table and node a served network answers with, and then drops it. Nothing of a
// served network is touched: the throwaway chain has its own node, queue and state.
import { performance } from 'node:perf_hooks'
import { encodeDeployData, encodeFunctionData } from 'viem'
import { ChainsimToken } from './contracts/index.ts'
import { bytesToHex, createDevCommon, deriveDevAccounts, DEV_MNEMONIC, signTransaction } from './evm/index.ts'
import type { HardforkName, TypedTxData } from './evm/index.ts'
import { createNetworkRpc } from './network.ts'
import { ChainNode } from './node.ts'
import { buildServer } from './transports/httpServer.ts'

export interface WarmUpOptions {
  /** The rules the served chain runs (the interpreter's handlers differ by fork only in a few opcodes). */
  hardfork?: HardforkName
  /** Rounds of the canned test; each is ~25 calls. */
  rounds?: number
  /**
   * Make each call wait until the process has been idle for a moment (a served chain's own requests come
   * first): a request that arrives meanwhile waits for one warm-up call at most, and a chain that is busy from
   * its first second is never slowed by its warm-up.
   */
  onlyWhenIdle?: boolean
  /** Stops early when this says so (the served chain is closing). */
  stopped?: () => boolean
}

/** Rounds when nothing says otherwise: measured as where the first tests' time stops falling (docs/decisions). */
export const DEFAULT_WARM_UP_ROUNDS = 24

const CHAIN_ID = 31337n
const GWEI = 10n ** 9n

/**
 * Runs the warm-up to its end (or until `stopped`); the calls it made. Never throws: a warm-up that fails only
 * warmed less (it says why as a process warning).
 */
export async function warmUp(options: WarmUpOptions = {}): Promise<number> {
  const rounds = options.rounds ?? DEFAULT_WARM_UP_ROUNDS
  if (rounds <= 0) return 0
  const node = await ChainNode.create({ chainId: CHAIN_ID, hardfork: options.hardfork, accountCount: 4, name: 'warm-up' })
  const { dispatcher } = createNetworkRpc(node)
  const app = buildServer({ dispatcher, apiKeys: [] })
  let id = 0
  try {
    await app.ready()
    const call = async (method: string, params: unknown[] = []): Promise<unknown> => {
      if (options.onlyWhenIdle) await idle(options.stopped)
      if (options.stopped?.()) throw STOPPED
      const response = await app.inject({
        method: 'POST',
        url: '/',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ jsonrpc: '2.0', id: ++id, method, params }),
      })
      const answer = JSON.parse(response.body) as { result?: unknown; error?: { message: string } }
      if (answer.error) throw new Error(`${method}: ${answer.error.message}`)
      return answer.result
    }
    await roundsOf(call, rounds)
  } catch (error) {
    if (error !== STOPPED) process.emitWarning(`warm-up stopped: ${(error as Error).message}`)
  } finally {
    await app.close()
    await node.close()
  }
  return id
}

const STOPPED = Symbol('stopped')

/** How long the event loop must have had nothing else to do before a warm-up call runs. */
const IDLE_WINDOW_MS = 2
/** Busy time within that window that still counts as idle (timers, a keep-alive socket's housekeeping). */
const IDLE_BUSY_MS = 0.2

/** Resolves once a window of IDLE_WINDOW_MS passed with the event loop all but idle. */
async function idle(stopped: (() => boolean) | undefined): Promise<void> {
  for (;;) {
    const before = performance.eventLoopUtilization()
    await new Promise<void>((resolve) => setTimeout(resolve, IDLE_WINDOW_MS))
    const busy = performance.eventLoopUtilization(before).active
    if (busy <= IDLE_BUSY_MS || stopped?.()) return
  }
}

type Call = (method: string, params?: unknown[]) => Promise<unknown>

async function roundsOf(call: Call, rounds: number): Promise<void> {
  const accounts = deriveDevAccounts(DEV_MNEMONIC, 4)
  const [owner, alice, bob, signer] = accounts.map((a) => bytesToHex(a.address)) as [string, string, string, string]
  const common = createDevCommon(CHAIN_ID, 'warm-up')
  const receiptOf = async (hash: unknown) => (await call('eth_getTransactionReceipt', [hash])) as { contractAddress: string | null; blockNumber: string }
  const deployData = encodeDeployData({ abi: ChainsimToken.abi, bytecode: ChainsimToken.bytecode, args: ['Warm', 'WARM', 10n ** 24n] })
  const deployed = await receiptOf(await call('eth_sendTransaction', [{ from: owner, data: deployData }]))
  const token = deployed.contractAddress as `0x${string}`
  const data = (functionName: 'transfer' | 'approve' | 'transferFrom' | 'balanceOf', args: readonly unknown[]) =>
    encodeFunctionData({ abi: ChainsimToken.abi, functionName, args } as Parameters<typeof encodeFunctionData>[0])
  for (let round = 0; round < rounds; round++) {
    const snapshot = await call('evm_snapshot')
    await receiptOf(await call('eth_sendTransaction', [{ from: owner, to: token, data: data('transfer', [alice, 100n]) }]))
    await receiptOf(await call('eth_sendTransaction', [{ from: owner, to: token, data: data('approve', [alice, 50n]) }]))
    await receiptOf(await call('eth_sendTransaction', [{ from: alice, to: token, data: data('transferFrom', [owner, bob, 30n]) }]))
    for (const who of [owner, alice, bob]) await call('eth_call', [{ to: token, data: data('balanceOf', [who]) }, 'latest'])
    await call('eth_estimateGas', [{ from: alice, to: token, data: data('transfer', [bob, 1n]) }])
    const head = BigInt((await call('eth_blockNumber')) as string)
    await call('eth_getLogs', [{ address: token, fromBlock: `0x${(head - 2n).toString(16)}`, toBlock: `0x${head.toString(16)}` }])
    await call('eth_getBlockByNumber', ['latest', false])
    await call('eth_getBalance', [signer, 'latest'])
    const nonce = BigInt((await call('eth_getTransactionCount', [signer, 'latest'])) as string)
    const raw = signTransaction(
      {
        type: 2,
        chainId: CHAIN_ID,
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
    await receiptOf(await call('eth_sendRawTransaction', [bytesToHex(raw.raw)]))
    await call('evm_mine')
    await call('evm_revert', [snapshot])
  }
}
