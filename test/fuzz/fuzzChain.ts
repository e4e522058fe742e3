import { encodeFunctionData, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { EventEmitter } from '../../src/contracts/index.ts'
import type { Dispatcher } from '../../src/rpc/dispatcher.ts'
import type { RpcConnection, RpcContext } from '../../src/rpc/rpcMethod.ts'
import type { FaultInjector } from '../../src/rpc/faults/faultInjector.ts'
import { createNetworkRpc } from '../../src/network.ts'
import { ChainNode } from '../../src/node.ts'
import { deployEmitter, emitManyData } from '../helpers/contracts.ts'

/** Real values from the fuzz chain, for building valid params that the fuzzer then corrupts. */
export interface FuzzSamples {
  accounts: Hex[]
  /** The dev accounts' keys, for signing raw transactions. */
  keys: Hex[]
  contract: Hex
  emitCalldata: Hex
  blockHashes: Hex[]
  orphanHash: Hex
  minedTxHashes: Hex[]
  pendingTxHashes: Hex[]
  topics: Hex[]
  filterIds: string[]
  subscriptionIds: string[]
  rawTransactions: Hex[]
  snapshotId: Hex
  /** A timestamp well after the head's when the chain was built. */
  futureTimestamp: bigint
  /** anvil_dumpState of the chain as built: loading it gives the chain back as the samples know it. */
  stateDump: Hex
}

/** A real node behind the real dispatcher, with a few blocks, logs, an orphaned block and pooled transactions. */
export interface FuzzChain {
  node: ChainNode
  dispatcher: Dispatcher
  /** The network's fault injector (sim_fault arms it; the fuzzer clears it between cases). */
  faults: FaultInjector
  samples: FuzzSamples
  /** Causes of internal errors the dispatcher logged. */
  logged: unknown[]
  http: RpcContext
  /** A WebSocket-like context: an {@link RpcConnection} that keeps what it is sent. */
  ws: RpcContext
  /** Calls one method through the dispatcher as an in-process client would. */
  call(method: string, params: unknown, ctx?: RpcContext): Promise<unknown>
  /**
   * After a fuzzed anvil_reset (or a load of something else), or a rollback deep enough to orphan the mined
   * samples, loads the chain as built again, so that later cases find the blocks, contract and transactions
   * the samples name.
   */
  restoreIfReplaced(): Promise<void>
  close(): Promise<void>
}

const GWEI = 10n ** 9n
const toHex = (bytes: Uint8Array): Hex => `0x${Buffer.from(bytes).toString('hex')}`

/** Stands in for the WebSocket transport: keeps notifications, runs close listeners on `close()`. */
function connectionStandIn(): RpcConnection & { close(): void; sent: object[] } {
  const listeners: (() => void)[] = []
  const sent: object[] = []
  return {
    id: 1,
    sent,
    notify: (message) => {
      // Bounded, as the real transport bounds its send buffer.
      if (sent.length < 1000) sent.push(message)
    },
    onClose: (listener) => listeners.push(listener),
    close: () => {
      for (const listener of listeners.splice(0)) listener()
    },
  }
}

/** Builds the fuzz chain: automine for the setup, then manual mining with two transactions left in the pool. */
export async function createFuzzChain(): Promise<FuzzChain> {
  // Sync sends wait briefly: the fuzz chain mines by hand, so what they send waits for a block that does not come.
  const node = await ChainNode.create({
    mining: { auto: true },
    finality: { safeDepth: 2n, finalizedDepth: 4n },
    syncSendTimeouts: { defaultMs: 20, maxMs: 50 },
  })
  const logged: unknown[] = []
  // sim_saveState needs a state file; this stand-in lets it succeed without touching the disk.
  const saveState = async () => ({ path: 'fuzz-state.json', savedAt: new Date(0).toISOString() })
  const { dispatcher, faults } = createNetworkRpc(node, { saveState, logger: { error: (obj) => logged.push(obj) } })
  const connection = connectionStandIn()
  const http: RpcContext = { transport: 'http' }
  const ws: RpcContext = { transport: 'ws', connection }
  let nextId = 1
  const call = async (method: string, params: unknown, ctx: RpcContext = http) =>
    dispatcher.handle({ jsonrpc: '2.0', id: nextId++, method, ...(params === undefined ? {} : { params }) }, ctx)
  const result = async <T>(method: string, params: unknown[] = [], ctx: RpcContext = http): Promise<T> => {
    const answer = (await call(method, params, ctx)) as { result?: T; error?: unknown }
    if (answer.error) throw new Error(`fuzz chain setup: ${method} failed: ${JSON.stringify(answer.error)}`)
    return answer.result as T
  }

  const accounts = node.accounts.map((a) => toHex(a.address))
  const keys = node.accounts.map((a) => toHex(a.privateKey))
  const contract = toHex(await deployEmitter(node))
  const emitCalldata = toHex(emitManyData(3n))
  const emitHash = await result<Hex>('eth_sendTransaction', [{ from: accounts[0], to: contract, data: emitCalldata }])
  await node.mine(8)
  const reorg = await result<{ removedBlocks: Hex[] }>('sim_reorg', [{ depth: 1 }])
  const logs = await result<{ topics: Hex[] }[]>('eth_getLogs', [{ fromBlock: 'earliest', address: contract }])

  await node.settings.setAutomine(false)
  const pendingTxHashes = [
    await result<Hex>('eth_sendTransaction', [{ from: accounts[3], to: accounts[4], value: '0x1' }]),
    await result<Hex>('eth_sendTransaction', [{ from: accounts[3], to: contract, data: emitCalldata }]),
  ]
  const blockHashes = await Promise.all(
    ['earliest', '0x1', 'latest'].map(async (tag) => (await result<{ hash: Hex }>('eth_getBlockByNumber', [tag, false])).hash),
  )
  const filterIds = [
    await result<string>('eth_newFilter', [{ address: contract }]),
    await result<string>('eth_newBlockFilter'),
    await result<string>('eth_newPendingTransactionFilter'),
  ]
  const subscriptionIds = [await result<string>('eth_subscribe', ['newHeads'], ws)]
  const signer = privateKeyToAccount(keys[5] as Hex)
  const rawTransactions = await Promise.all(
    [0, 1, 2].map((nonce) =>
      signer.signTransaction({
        chainId: 31337,
        type: 'eip1559',
        to: accounts[6],
        value: 1n,
        gas: 21_000n,
        nonce,
        maxFeePerGas: 20n * GWEI,
        maxPriorityFeePerGas: GWEI,
      }),
    ),
  )
  // One for another chain: well-formed, refused at admission.
  rawTransactions.push(
    await signer.signTransaction({
      chainId: 1,
      type: 'eip1559',
      to: accounts[6],
      value: 1n,
      gas: 21_000n,
      nonce: 0,
      maxFeePerGas: 20n * GWEI,
      maxPriorityFeePerGas: GWEI,
    }),
  )

  const samples: FuzzSamples = {
    accounts,
    keys,
    contract,
    emitCalldata: encodeFunctionData({ abi: EventEmitter.abi, functionName: 'emitMany', args: [2n] }),
    blockHashes,
    orphanHash: reorg.removedBlocks[0] as Hex,
    minedTxHashes: [emitHash],
    pendingTxHashes,
    topics: [...new Set(logs.flatMap((log) => log.topics))],
    filterIds,
    subscriptionIds,
    rawTransactions,
    snapshotId: await result<Hex>('evm_snapshot'),
    futureTimestamp: node.head.timestamp + 1_000_000n,
    stateDump: await result<Hex>('anvil_dumpState'),
  }
  return {
    node,
    dispatcher,
    faults,
    samples,
    logged,
    http,
    ws,
    call,
    restoreIfReplaced: async () => {
      const minedSamplesCanonical = samples.minedTxHashes.every((hash) => node.transaction(hash)?.status === 'mined')
      if (node.chain.blockByHash(samples.blockHashes[1] as Hex) && minedSamplesCanonical) return
      await result('anvil_loadState', [samples.stateDump])
    },
    close: async () => {
      connection.close()
      await node.close()
    },
  }
}
