import { ServerError } from '../../errors.ts'
import type { MethodHandler } from '../methodContext.ts'
import { withParams } from '../withParams.ts'

/** sim_saveState: writes every network to the state file now (atomically); returns where and when. */
export const sim_saveState: MethodHandler = withParams([], async (_params, { saveState }) => {
  if (!saveState) throw new ServerError('no state file: start chainsim with --state FILE')
  return saveState()
})
