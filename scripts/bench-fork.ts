// What a fork costs: upstream round trips and milliseconds of a cold first call (empty cache), a warm first
// call (a second run on the cache), and a forked ERC-20 transfer, with chainsim's lazy layer and with
// @ethereumjs/statemanager's RPCStateManager, against a real upstream process on loopback (chainsim, and Anvil
// where its package is installed). A proxy in front of the upstream counts the round trips and can add a
// provider's latency to each (`--latency 50`).
//
//   npx tsx scripts/bench-fork.ts [--latency MS] [--upstream chainsim|anvil|both]
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { Command } from 'commander'
import { type Common, Mainnet, createCustomCommon, Hardfork } from '@ethereumjs/common'
import { RPCStateManager } from '@ethereumjs/statemanager'
import { createTxFromRLP } from '@ethereumjs/tx'
import { createAddressFromString, hexToBytes as ejsHexToBytes } from '@ethereumjs/util'
import { createVM, runTx } from '@ethereumjs/vm'
import { encodeDeployData, encodeFunctionData, hexToBytes, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { ChainsimToken } from '../src/contracts/index.ts'
import { createForkedNode } from '../src/fork/createForkedNode.ts'
import { ChainNode } from '../src/node.ts'
import { rpc } from './bench/rpc.ts'
import { anvilBinary } from '../test/helpers/anvilBinary.ts'
import { startAnvil, startChainsim } from './bench/targets.ts'
import type { Target } from './bench/targets.ts'

const options = new Command()
  .option('--latency <ms>', 'delay the proxy adds to each upstream round trip', (v) => Number(v), 0)
  .option('--upstream <which>', 'chainsim, anvil or both', 'both')
  .parse()
  .opts<{ latency: number; upstream: string }>()

const ALICE = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80')
const BOB = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8'
const HOLDER = '0x000000000000000000000000000000000000c0de'
const balanceOf = (owner: string) => encodeFunctionData({ abi: ChainsimToken.abi, functionName: 'balanceOf', args: [owner as Hex] })
const transfer = (to: string, amount: bigint) => encodeFunctionData({ abi: ChainsimToken.abi, functionName: 'transfer', args: [to as Hex, amount] })

interface Cost {
  roundTrips: number
  ms: number
}

/** A counting proxy in front of the upstream, delaying each round trip by `latency` ms. */
async function proxy(target: string, latency: number) {
  let roundTrips = 0
  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = []
    for await (const chunk of request) chunks.push(chunk as Buffer)
    roundTrips++
    if (latency > 0) await new Promise((resolve) => setTimeout(resolve, latency))
    const answer = await fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body: Buffer.concat(chunks) })
    response.writeHead(answer.status, { 'content-type': 'application/json' })
    response.end(await answer.text())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    count: () => roundTrips,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}

async function measure(count: () => number, run: () => Promise<unknown>): Promise<Cost> {
  const before = count()
  const started = performance.now()
  await run()
  return { roundTrips: count() - before, ms: performance.now() - started }
}

/** The upstream's chain: a token deployed by Alice, 1,000 TOK to a holder without a key. */
async function prepare(upstream: Target): Promise<{ token: Hex; forkBlock: bigint }> {
  const deploy = encodeDeployData({ abi: ChainsimToken.abi, bytecode: ChainsimToken.bytecode, args: ['Token', 'TOK', 10n ** 24n] })
  await rpc(upstream.url, 'eth_sendTransaction', [{ from: ALICE.address, data: deploy, gas: '0x200000' }])
  await upstream.mine()
  const receipt = await rpc<{ contractAddress: Hex }>(upstream.url, 'eth_getTransactionReceipt', [
    (await rpc<{ transactions: Hex[] }>(upstream.url, 'eth_getBlockByNumber', ['latest', false])).transactions[0],
  ])
  await rpc(upstream.url, 'eth_sendTransaction', [{ from: ALICE.address, to: receipt.contractAddress, data: transfer(HOLDER, 10n ** 21n), gas: '0x20000' }])
  await upstream.mine()
  return { token: receipt.contractAddress, forkBlock: BigInt(await rpc<Hex>(upstream.url, 'eth_blockNumber')) }
}

/** The EVM's code paths run once before anything is timed, so that no measure pays for the JIT alone. */
async function warmUp(): Promise<void> {
  const node = await ChainNode.create({ chainId: 31337n })
  const [alice, bob] = node.accounts
  const hash = await node.sendTransaction({
    from: alice!.address,
    data: hexToBytes(encodeDeployData({ abi: ChainsimToken.abi, bytecode: ChainsimToken.bytecode, args: ['T', 'T', 10n ** 24n] })),
  })
  const found = node.transaction(hash)
  const token = found?.status === 'mined' ? found.location.block.transactions[found.location.index]!.contractAddress! : new Uint8Array(20)
  for (let i = 0; i < 5; i++) {
    await node.execution.call({ from: alice!.address, to: token, data: hexToBytes(balanceOf(BOB)) }, node.head)
    await node.sendTransaction({ from: alice!.address, to: token, data: hexToBytes(transfer(`0x${Buffer.from(bob!.address).toString('hex')}`, 1n)) })
  }
  await node.close()
}

async function chainsimLayer(url: string, count: () => number, token: Hex, forkBlock: bigint) {
  const cacheDir = mkdtempSync(join(tmpdir(), 'chainsim-bench-fork-'))
  const run = async () => {
    let fork!: Awaited<ReturnType<typeof createForkedNode>>
    const start = await measure(count, async () => (fork = await createForkedNode({ url, blockNumber: forkBlock, cacheDir }, { name: 'fork' })))
    const { node } = fork
    const alice = node.accounts[0]!.address
    const call = await measure(count, () => node.execution.call({ from: alice, to: hexToBytes(token), data: hexToBytes(balanceOf(HOLDER)) }, node.head))
    const send = () => node.sendTransaction({ from: alice, to: hexToBytes(token), data: hexToBytes(transfer(BOB, 1n)) })
    const firstTransfer = await measure(count, send)
    const nextTransfer = await measure(count, send)
    await fork.close()
    return { start, call, firstTransfer, nextTransfer }
  }
  const cold = await run()
  const warm = await run()
  let offline!: Awaited<ReturnType<typeof createForkedNode>>
  const offlineStart = await measure(count, async () => (offline = await createForkedNode({ url, blockNumber: forkBlock, cacheDir, offline: true })))
  await offline.close()
  rmSync(cacheDir, { recursive: true, force: true })
  return { cold, warm, offlineStart }
}

async function rpcStateManager(url: string, count: () => number, token: Hex, forkBlock: bigint, chainId: number) {
  const common = createCustomCommon({ chainId }, Mainnet, { hardfork: Hardfork.Prague }) as Common
  const stateManager = new RPCStateManager({ provider: url, blockTag: forkBlock, common })
  const vm = await createVM({ common, stateManager })
  const caller = createAddressFromString(ALICE.address)
  const call = () => vm.evm.runCall({ caller, to: createAddressFromString(token), data: ejsHexToBytes(balanceOf(HOLDER)), gasLimit: 1_000_000n })
  const firstCall = await measure(count, call)
  const againCall = await measure(count, call)
  // evm.runCall bumps the caller's nonce in this state, as a transaction would.
  const nonce = (await stateManager.getAccount(caller))?.nonce ?? 0n
  const signed = async (n: bigint) =>
    createTxFromRLP(
      ejsHexToBytes(
        await ALICE.signTransaction({
          chainId,
          nonce: Number(n),
          to: token,
          data: transfer(BOB, 1n),
          gas: 100_000n,
          maxFeePerGas: 10n ** 11n,
          maxPriorityFeePerGas: 10n ** 9n,
        }),
      ),
      { common },
    )
  const firstTransfer = await measure(count, async () => runTx(vm, { tx: await signed(nonce), skipBlockGasLimitValidation: true }))
  const nextTransfer = await measure(count, async () => runTx(vm, { tx: await signed(nonce + 1n), skipBlockGasLimitValidation: true }))
  return { firstCall, againCall, firstTransfer, nextTransfer }
}

const fmt = (c: Cost) => `${c.roundTrips} round trips, ${c.ms.toFixed(1)} ms`

async function benchOn(name: string, upstream: Target, chainId: number): Promise<void> {
  const { token, forkBlock } = await prepare(upstream)
  const counted = await proxy(upstream.url, options.latency)
  try {
    const ours = await chainsimLayer(counted.url, counted.count, token, forkBlock)
    const theirs = await rpcStateManager(counted.url, counted.count, token, forkBlock, chainId)
    console.log(`\nupstream ${name}, fork block ${forkBlock}, +${options.latency} ms a round trip`)
    console.log(`chainsim  start, cold cache          ${fmt(ours.cold.start)}`)
    console.log(`chainsim  first call (balanceOf), cold ${fmt(ours.cold.call)}`)
    console.log(`chainsim  first transfer, cold        ${fmt(ours.cold.firstTransfer)}`)
    console.log(`chainsim  next transfer               ${fmt(ours.cold.nextTransfer)}`)
    console.log(`chainsim  start, warm cache           ${fmt(ours.warm.start)}`)
    console.log(`chainsim  first call, warm            ${fmt(ours.warm.call)}`)
    console.log(`chainsim  first transfer, warm        ${fmt(ours.warm.firstTransfer)}`)
    console.log(`chainsim  start, --offline            ${fmt(ours.offlineStart)}`)
    console.log(`RPCStateManager first call, cold      ${fmt(theirs.firstCall)}`)
    console.log(`RPCStateManager same call again       ${fmt(theirs.againCall)}`)
    console.log(`RPCStateManager first transfer        ${fmt(theirs.firstTransfer)}`)
    console.log(`RPCStateManager next transfer         ${fmt(theirs.nextTransfer)}`)
  } finally {
    await counted.close()
    await upstream.close()
  }
}

await warmUp()
if (options.upstream !== 'anvil') await benchOn('chainsim (its own process)', await startChainsim(), 31337)
const anvil = anvilBinary()
if (options.upstream !== 'chainsim') {
  if (anvil) await benchOn('Anvil 1.7.1', await startAnvil(anvil), 31337)
  else console.log('\nAnvil is not installed (the development dependency @foundry-rs/anvil has no binary here): skipped')
}
