import { defineMethod, returns } from '../defineMethod.ts'

/**
 * sim_settle: answers (null) once every write sent before it has been applied and every notification those
 * writes caused has been handed to filters and written to subscription sockets. Sent over the WebSocket that
 * carries a client's subscriptions, its answer arrives behind all of them, so the client has read them.
 */
export const sim_settle = defineMethod({
  name: 'sim_settle',
  description: 'Answers once every write sent before it is applied and every notification it caused is written to its socket.',
  params: [],
  result: returns<null>(),
  control: true,
  handler: async (_params, { node }) => {
    await node.settled()
    return null
  },
})
