import { ServerError } from '../../errors.ts'
import type { MethodHandler } from '../methodContext.ts'
import { parseParams } from '../schemas.ts'

/** sim_saveState: writes every network to the state file now (atomically); returns where and when. */
export const sim_saveState: MethodHandler = async (params, { saveState }) => {
  parseParams('sim_saveState', [], params)
  if (!saveState) throw new ServerError('no state file: start chainsim with --state FILE')
  return saveState()
}
