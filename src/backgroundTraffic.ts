import { encodeDeployData, encodeFunctionData } from 'viem'
import { ChainsimToken } from './contracts/index.ts'
import { bytesToHex, hexToBytes } from './evm/index.ts'
import type { ChainNode } from './node.ts'

/** What background traffic needs of a network: its dev accounts, sending, and finding its token's deployment. */
export type TrafficNode = Pick<ChainNode, 'accounts' | 'sendTransaction' | 'transaction'>

const TOKEN_SUPPLY = 1_000_000n * 10n ** 18n

/**
 * ERC-20 transfers among the dev accounts, sent on a timer, so a network with interval mining
 * shows logs and filter changes with no client action (`backgroundTraffic: true`, the `dev-interval`
 * network of `npm start`). A client of the node like any other: the server starts it beside a network.
 * The token is deployed by the last dev account; transfers rotate through the others.
 */
export class BackgroundTraffic {
  private timer: NodeJS.Timeout | undefined
  private token: Uint8Array | undefined
  private round = 0

  constructor(
    private readonly node: TrafficNode,
    private readonly intervalMs: number,
    private readonly onError: (error: unknown) => void,
  ) {}

  async start(): Promise<void> {
    const deployer = this.node.accounts[this.node.accounts.length - 1]
    if (!deployer) return
    const data = encodeDeployData({ abi: ChainsimToken.abi, bytecode: ChainsimToken.bytecode, args: ['Chainsim Token', 'SIM', TOKEN_SUPPLY] })
    const hash = await this.node.sendTransaction({ from: deployer.address, data: hexToBytes(data) })
    this.timer = setInterval(() => this.tick(bytesToHex(hash)).catch(this.onError), this.intervalMs)
    this.timer.unref()
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer)
    this.timer = undefined
  }

  private async tick(deployHash: string): Promise<void> {
    if (!this.token) {
      const found = this.node.transaction(deployHash)
      if (found?.status !== 'mined') return
      this.token = found.location.block.transactions[found.location.index]?.contractAddress
      if (!this.token) return
    }
    const accounts = this.node.accounts
    const deployer = accounts[accounts.length - 1]
    const recipient = accounts[this.round++ % (accounts.length - 1)]
    if (!deployer || !recipient) return
    const amount = BigInt(this.round) * 10n ** 18n
    const data = encodeFunctionData({ abi: ChainsimToken.abi, functionName: 'transfer', args: [bytesToHex(recipient.address), amount] })
    await this.node.sendTransaction({ from: deployer.address, to: this.token, data: hexToBytes(data) })
  }
}
