import { encodeDeployData, encodeFunctionData, getContractAddress } from 'viem'
import { ChainsimToken } from './contracts/index.ts'
import { bytesToHex, hexToBytes } from './evm/index.ts'
import type { ChainNode } from './node.ts'

/**
 * What background traffic needs of a network: its dev accounts, sending, finding its token's deployment, and
 * telling when the chain was replaced (anvil_reset, anvil_loadState), taking the token with it.
 */
export type TrafficNode = Pick<ChainNode, 'accounts' | 'sendTransaction' | 'transaction' | 'instanceId' | 'pendingNonce'>

const TOKEN = 10n ** 18n
/** Enough for years of transfers of at most 100 tokens. */
const TOKEN_SUPPLY = 10n ** 12n * TOKEN

/**
 * ERC-20 transfers among the dev accounts, sent on a timer, so a network with interval mining
 * shows logs and filter changes with no client action (`backgroundTraffic: true`, the `dev-interval`
 * network of `npm start`). A client of the node like any other: the server starts it beside a network.
 * The token is deployed by the last dev account, again whenever the chain is replaced; transfers rotate
 * through the others.
 */
export class BackgroundTraffic {
  private timer: NodeJS.Timeout | undefined
  /** The token's address on the chain now, deployed by the last dev account (`dev-interval`'s is its first contract). */
  tokenAddress: Uint8Array | undefined
  private token: Uint8Array | undefined
  private deployment: { hash: string; instanceId: Uint8Array } | undefined
  private round = 0

  constructor(
    private readonly node: TrafficNode,
    private readonly intervalMs: number,
    private readonly onError: (error: unknown) => void,
  ) {}

  async start(): Promise<void> {
    if (!this.node.accounts[this.node.accounts.length - 1]) return
    await this.deploy()
    this.timer = setInterval(() => this.tick().catch(this.onError), this.intervalMs)
    this.timer.unref()
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer)
    this.timer = undefined
  }

  private async deploy(): Promise<void> {
    const deployer = this.node.accounts[this.node.accounts.length - 1]
    if (!deployer) return
    const instanceId = this.node.instanceId
    const data = encodeDeployData({ abi: ChainsimToken.abi, bytecode: ChainsimToken.bytecode, args: ['Chainsim Token', 'SIM', TOKEN_SUPPLY] })
    // Where it will be, known before it is mined: the banner names it for clients to index.
    const nonce = await this.node.pendingNonce(deployer.address)
    this.tokenAddress = hexToBytes(getContractAddress({ from: bytesToHex(deployer.address), nonce }))
    const hash = await this.node.sendTransaction({ from: deployer.address, data: hexToBytes(data) })
    this.token = undefined
    this.deployment = { hash: bytesToHex(hash), instanceId }
  }

  private async tick(): Promise<void> {
    if (this.deployment?.instanceId !== this.node.instanceId) return this.deploy()
    if (!this.token) {
      const found = this.node.transaction(this.deployment.hash)
      if (found?.status !== 'mined') return
      this.token = found.location.block.transactions[found.location.index]?.contractAddress
      if (!this.token) return
    }
    const accounts = this.node.accounts
    const deployer = accounts[accounts.length - 1]
    const recipient = accounts[this.round++ % (accounts.length - 1)]
    if (!deployer || !recipient) return
    // 1 to 100 tokens: the supply lasts, so the transfers (and their logs) never stop.
    const amount = BigInt(1 + (this.round % 100)) * TOKEN
    const data = encodeFunctionData({ abi: ChainsimToken.abi, functionName: 'transfer', args: [bytesToHex(recipient.address), amount] })
    await this.node.sendTransaction({ from: deployer.address, to: this.token, data: hexToBytes(data) })
  }
}
