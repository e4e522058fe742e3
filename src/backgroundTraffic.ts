import { ChainsimToken } from './contracts/index.ts'
import { bytesToHex, hexToBytes, setLengthLeft, bigIntToBytes, concatBytes } from './evm/index.ts'
import type { ChainNode } from './node.ts'

/** What background traffic needs of a network: its dev accounts, sending, and finding its token's deployment. */
export type TrafficNode = Pick<ChainNode, 'accounts' | 'sendTransaction' | 'transaction'>

const TRANSFER_SELECTOR = hexToBytes('0xa9059cbb')
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
    const constructorArgs = encodeTokenConstructor('Chainsim Token', 'SIM', TOKEN_SUPPLY)
    const hash = await this.node.sendTransaction({
      from: deployer.address,
      data: concatBytes(hexToBytes(ChainsimToken.bytecode), constructorArgs),
    })
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
    await this.node.sendTransaction({
      from: deployer.address,
      to: this.token,
      data: concatBytes(TRANSFER_SELECTOR, setLengthLeft(recipient.address, 32), word(amount)),
    })
  }
}

function word(value: bigint): Uint8Array {
  return setLengthLeft(bigIntToBytes(value), 32)
}

/** ABI encoding of (string name, string symbol, uint256 supply). */
function encodeTokenConstructor(name: string, symbol: string, supply: bigint): Uint8Array {
  const encodeString = (text: string) => {
    const bytes = new TextEncoder().encode(text)
    const padded = new Uint8Array(Math.ceil(bytes.length / 32) * 32)
    padded.set(bytes)
    return concatBytes(word(BigInt(bytes.length)), padded)
  }
  const nameTail = encodeString(name)
  const symbolTail = encodeString(symbol)
  return concatBytes(word(96n), word(96n + BigInt(nameTail.length)), word(supply), nameTail, symbolTail)
}
