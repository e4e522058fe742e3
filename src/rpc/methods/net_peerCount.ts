import { defineMethod, returns } from '../defineMethod.ts'

export const net_peerCount = defineMethod({
  name: 'net_peerCount',
  description: '`0x0`, as a geth node with no peers answers; a simulated chain has none.',
  params: [],
  result: returns<'0x0'>(),
  handler: () => '0x0' as const,
})
