/**
 * What a recording (`serve --record FILE`, src/record/) writes for a call of a method declared `writes`:
 * - `sent`: the call as it was sent (an `rpc` step), when `when` holds for its params (always, without one); with
 *   `answerChecked`, the played call must give the same answer again (a transaction hash, a snapshot id)
 * - `call`: another call with the same effect on the chain
 * - `nothing`: not written: what it does is written otherwise (the blocks a timer mines are `mine` steps)
 */
export type MethodRecording =
  | { as: 'sent'; when?: (params: readonly unknown[]) => boolean; answerChecked?: boolean }
  | { as: 'call'; method: string; params: (params: readonly unknown[]) => unknown[] }
  | { as: 'nothing' }

/** How a method declared `writes` without saying otherwise is recorded: as it was sent, its answer not checked. */
export const RECORDED_AS_SENT: MethodRecording = { as: 'sent' }
