import { defineMethod, returns } from '../defineMethod.ts'

export const net_listening = defineMethod({
  name: 'net_listening',
  description: '`true`: a network that answers is listening (geth, Anvil).',
  params: [],
  result: returns<true>(),
  handler: () => true as const,
})
