import { encodeDeployData } from 'viem'
import type { Hex } from 'viem'
import { rpc } from './rpcClient.ts'
import { sidecarOf, signBlobTransaction } from './blobs.ts'
import { devAccount, emitterCall, hex, nextNonce, receiptOf, send, signRaw, tokenCall } from './rpcChain.ts'
import { ChainsimToken, EventEmitter } from '../../src/contracts/index.ts'

const GWEI = 10n ** 9n

/** What `generateHistory` mined: the block its setup ended with (a fork block), the last block, and the contracts. */
export interface GeneratedHistory {
  setupHead: bigint
  head: bigint
  token: Hex
  emitter: Hex
  /** Hashes of transactions of each kind the history holds, to look for after a replay. */
  kinds: { reverted: Hex[]; created: Hex[]; blob: Hex[]; authorization: Hex[]; legacy: Hex[]; accessList: Hex[] }
}

/**
 * Mines a history on a chain that mines on request (evm_mine) at `url`: two contracts, then `blocks` blocks each
 * with token transfers, a burst of events, transactions of several senders at several fee levels (legacy,
 * EIP-2930 with an access list, EIP-1559), a reverting call, and now and then a contract creation; one block
 * (`blobBlock`, default the second) holds a blob transaction, another an EIP-7702 authorization. `size` scales
 * the events and transfers a block.
 */
export async function generateHistory(url: string, options: { chainId: number; blocks: number; size?: number; blobBlock?: number }): Promise<GeneratedHistory> {
  const size = options.size ?? 1
  const blobBlock = options.blobBlock ?? 1
  const mine = () => rpc(url, 'evm_mine')
  const tokenCode = encodeDeployData({ abi: ChainsimToken.abi, bytecode: ChainsimToken.bytecode, args: ['Token', 'TOK', 10n ** 24n] })
  const tokenSent = await send(url, { from: devAccount(0).address, data: tokenCode, gas: hex(3_000_000) })
  const emitterSent = await send(url, { from: devAccount(1).address, data: EventEmitter.bytecode, gas: hex(3_000_000) })
  await mine()
  const token = (await receiptOf(url, tokenSent)).contractAddress as Hex
  const emitter = (await receiptOf(url, emitterSent)).contractAddress as Hex
  const kinds: GeneratedHistory['kinds'] = { reverted: [], created: [], blob: [], authorization: [], legacy: [], accessList: [] }
  const setupHead = BigInt(await rpc<Hex>(url, 'eth_blockNumber'))
  for (let b = 0; b < options.blocks; b++) {
    const fee = BigInt(1 + (b % 5)) * GWEI
    for (let t = 0; t < 2 * size; t++) {
      const to = `0x${(0x1000 + b * 16 + t).toString(16).padStart(40, '0')}` as Hex
      await send(url, {
        from: devAccount(0).address,
        to: token,
        data: tokenCall('transfer', [to, BigInt(b * 100 + t + 1)]),
        gas: hex(80_000),
        maxPriorityFeePerGas: hex(fee),
        maxFeePerGas: hex(50n * GWEI),
      })
    }
    await send(url, {
      from: devAccount(1).address,
      to: emitter,
      data: emitterCall('emitMany', [BigInt(5 * size + (b % 7))]),
      gas: hex(2_000_000),
      maxPriorityFeePerGas: hex(2n * GWEI),
      maxFeePerGas: hex(50n * GWEI),
    })
    kinds.legacy.push(
      await rpc<Hex>(url, 'eth_sendRawTransaction', [
        await signRaw(url, 2, {
          type: 'legacy',
          chainId: options.chainId,
          to: devAccount(9).address,
          value: BigInt(b + 1),
          gas: 21_000n,
          gasPrice: 20n * GWEI + fee,
        }),
      ]),
    )
    kinds.accessList.push(
      await rpc<Hex>(url, 'eth_sendRawTransaction', [
        await signRaw(url, 3, {
          type: 'eip2930',
          chainId: options.chainId,
          to: emitter,
          gas: 100_000n,
          gasPrice: 30n * GWEI,
          data: emitterCall('emitTwoTopics', [BigInt(b), BigInt(b * 2)]),
          accessList: [{ address: emitter, storageKeys: [`0x${'00'.repeat(31)}01`] }],
        }),
      ]),
    )
    // Dev account 4 holds no tokens: its transfer reverts, and the block still commits to it.
    kinds.reverted.push(
      await send(url, {
        from: devAccount(4).address,
        to: token,
        data: tokenCall('transfer', [devAccount(0).address, 1n]),
        gas: hex(60_000),
        maxPriorityFeePerGas: hex(GWEI),
        maxFeePerGas: hex(50n * GWEI),
      }),
    )
    if (b % 3 === 0)
      kinds.created.push(
        await send(url, {
          from: devAccount(5).address,
          data: EventEmitter.bytecode,
          gas: hex(1_500_000),
          maxPriorityFeePerGas: hex(3n * GWEI),
          maxFeePerGas: hex(50n * GWEI),
        }),
      )
    if (b === blobBlock) {
      const account = devAccount(6)
      const raw = await signBlobTransaction({
        account,
        chainId: options.chainId,
        nonce: await nextNonce(url, account.address),
        sidecars: [sidecarOf('replayed blob')],
        maxFeePerGas: 50n * GWEI,
      })
      kinds.blob.push(await rpc<Hex>(url, 'eth_sendRawTransaction', [raw]))
    }
    if (b === 2) {
      const authority = devAccount(7)
      const authorization = await authority.signAuthorization({ address: emitter, chainId: options.chainId, nonce: await nextNonce(url, authority.address) })
      kinds.authorization.push(
        await rpc<Hex>(url, 'eth_sendRawTransaction', [
          await signRaw(url, 8, {
            type: 'eip7702',
            chainId: options.chainId,
            to: authority.address,
            gas: 200_000n,
            maxFeePerGas: 50n * GWEI,
            maxPriorityFeePerGas: GWEI,
            authorizationList: [authorization],
          }),
        ]),
      )
    }
    await mine()
  }
  return { setupHead, head: BigInt(await rpc<Hex>(url, 'eth_blockNumber')), token, emitter, kinds }
}
