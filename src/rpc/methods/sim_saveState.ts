import { ServerError } from '../../errors.ts'
import { defineMethod, returns } from '../defineMethod.ts'

/** sim_saveState: writes every network to the state file now (atomically); returns where and when. */
export const sim_saveState = defineMethod({
  name: 'sim_saveState',
  description: 'Writes every network to the state file now (atomically); where and when.',
  params: [],
  result: returns<{ path: string; savedAt: string }>(),
  control: true,
  handler: async (_params, { saveState }) => {
    if (!saveState) throw new ServerError('no state file: start chainsim with --state FILE')
    return saveState()
  },
})
