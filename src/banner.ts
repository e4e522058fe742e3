import { getAddress } from 'viem'
import { bytesToHex, DEV_DERIVATION_PATH, DEV_MNEMONIC } from './evm/index.ts'
import { NODE_DEFAULTS } from './nodeOptions.ts'
import type { NodeOptions } from './nodeOptions.ts'
import type { RunningServer } from './server.ts'
import { version } from './version.ts'

const ETHER = 10n ** 18n

/**
 * The start-up banner, Anvil-style: accounts and keys, then each network's addresses. `wallet` is what the first
 * network's accounts were made with (default: Anvil's and Hardhat's mnemonic, path and balance).
 */
export function formatBanner(
  server: RunningServer,
  options: { apiKeys: readonly string[]; wallet?: Pick<NodeOptions, 'mnemonic' | 'derivationPath' | 'accountBalance'> },
): string {
  const balance = options.wallet?.accountBalance ?? NODE_DEFAULTS.accountBalance
  const shownBalance = balance % ETHER === 0n ? `${balance / ETHER} ETH` : `${balance} wei`
  const first = server.networks[0]
  const lines = [`chainsim v${version}`, '']
  // An imported chain has no dev accounts: its keys are whoever made it.
  if (first && first.node.accounts.length > 0) {
    lines.push('Available Accounts', '==================')
    for (const a of first.node.accounts) lines.push(`(${a.index}) ${bytesToHex(a.address)} (${shownBalance})`)
    lines.push('', 'Private Keys', '==================')
    for (const a of first.node.accounts) lines.push(`(${a.index}) ${bytesToHex(a.privateKey)}`)
    lines.push(
      '',
      'Wallet',
      '==================',
      `Mnemonic:          ${options.wallet?.mnemonic ?? DEV_MNEMONIC}`,
      `Derivation path:   ${options.wallet?.derivationPath ?? DEV_DERIVATION_PATH}`,
      '',
    )
  }
  const key = options.apiKeys[0] ?? '<API_KEY>'
  lines.push('Networks', '==================')
  for (const n of server.networks) {
    const { automine, intervalMs } = n.node.settings.mining
    const every = intervalMs ? `every ${intervalMs} ms` : undefined
    const mining = automine ? (every ? `automine, and ${every}` : 'automine') : (every ?? 'manual')
    lines.push(`${n.name}  chain id ${n.chainId}  (${mining})`)
    if (n.fork) {
      const { upstream, blockNumber, blockHash, upstreamChainId, cacheDir, offline } = n.fork
      const chain = upstreamChainId === n.chainId ? '' : ` (upstream chain id ${upstreamChainId})`
      lines.push(`  Fork  ${upstream} at block ${blockNumber} ${blockHash}${chain}${offline ? ', offline' : ''}`)
      lines.push(`  Cache ${cacheDir}`)
    }
    const replay = n.node.replay?.status
    if (replay) {
      const speed =
        replay.speed === 'fast' ? 'as fast as it can' : replay.speed === 'realtime' ? "at the upstream's pace" : `at ${replay.speed}× the upstream's pace`
      lines.push(`  Replay blocks ${replay.from + 1n}..${replay.to} ${speed}${replay.paused ? ', paused (sim_replay [{"resume": true}])' : ''}`)
    }
    if (n.restoredFrom !== undefined) lines.push(`  State restored from ${n.restoredFrom} at block ${n.node.head.number}`)
    const token = n.trafficToken?.()
    if (token)
      lines.push(`  Token ${getAddress(bytesToHex(token))} (the ERC-20 its background traffic transfers, deployed by account ${n.node.accounts.length - 1})`)
    lines.push(`  HTTP  ${n.httpUrl}/v3/${key}`)
    lines.push(`  WS    ${n.wsUrl}/ws/v3/${key}`)
    lines.push(`  UI    ${n.httpUrl}/ui/`)
  }
  if (options.apiKeys.length === 0) lines.push('', 'No API keys configured: any key is accepted, and / serves too.')
  if (server.access.openBecauseBound) {
    lines.push('', 'Bound to a non-loopback address: requests for any Host name are answered (allowedHosts "*"); list names in allowedHosts to restrict them.')
  }
  return lines.join('\n')
}
