import { z } from 'zod'
import { ClientLimitExceededError, InvalidParamsError } from '../../errors.ts'
import { MAX_SIMULATED_BLOCKS } from '../../evm/index.ts'
import { defineMethod, returns } from '../defineMethod.ts'
import { resolveStateBlock } from '../blockResolution.ts'
import { transactionCall, toCallRequest } from '../callRequest.ts'
import { formatSimulatedBlock } from '../formatters/simulatedBlock.ts'
import type { SimulatedBlockAnswer } from '../formatters/simulatedBlock.ts'
import { blockOverrides, refuseOversizedStateOverrides, stateOverride } from '../overrides.ts'
import { blockTagOrHash, boolean } from '../schemas.ts'

const blockStateCall = z.object(
  { blockOverrides: blockOverrides.nullish(), stateOverrides: stateOverride.nullish(), calls: z.array(transactionCall).nullish() },
  { error: 'expected a block of calls ({blockOverrides?, stateOverrides?, calls})' },
)

const simulationRequest = z.object(
  {
    blockStateCalls: z.array(blockStateCall, { error: 'expected blockStateCalls, an array of blocks' }),
    traceTransfers: boolean.nullish(),
    validation: boolean.nullish(),
    returnFullTransactions: boolean.nullish(),
  },
  { error: 'expected a simulation object ({blockStateCalls, traceTransfers?, validation?, returnFullTransactions?})' },
)

/**
 * eth_simulateV1 (viem's simulateCalls): blocks of calls, each with its own block and state
 * overrides, simulated one after another on top of the given block (default latest) and answered as
 * sealed blocks with each call's outcome. Nothing reaches the chain.
 */
export const eth_simulateV1 = defineMethod({
  name: 'eth_simulateV1',
  description: 'Blocks of calls with their own overrides, simulated one after another on a block; nothing reaches the chain.',
  params: [simulationRequest, blockTagOrHash.optional()],
  result: returns<SimulatedBlockAnswer[]>(),
  // Simulated on the node's own states: a block before a fork's fork block is not one of them.
  reads: { block: { param: 1, kind: 'reference' }, state: true },
  lagged: false,
  fork: 'local',
  countFirst: countBlocksFirst,
  handler: async ([request, ref], { node }) => {
    if (request.blockStateCalls.length === 0) throw new InvalidParamsError('empty input')
    const block = await resolveStateBlock(node, ref ?? 'latest')
    const simulated = await node.execution.simulate(
      block,
      request.blockStateCalls.map((entry) => ({
        blockOverrides: entry.blockOverrides ?? undefined,
        stateOverrides: entry.stateOverrides ?? undefined,
        calls: (entry.calls ?? []).map(toCallRequest),
      })),
      { validation: request.validation ?? false, traceTransfers: request.traceTransfers ?? false },
    )
    return simulated.map((result) => formatSimulatedBlock(result, request.returnFullTransactions ?? false))
  },
})

/** Counted before any block is read: an oversized request is refused for what parsing it cost. */
function countBlocksFirst(params: readonly unknown[]): void {
  const blocks = (params[0] as { blockStateCalls?: unknown } | null | undefined)?.blockStateCalls
  if (!Array.isArray(blocks)) return
  if (blocks.length > MAX_SIMULATED_BLOCKS) throw new ClientLimitExceededError('too many blocks')
  refuseOversizedStateOverrides(blocks.map((block) => (block as { stateOverrides?: unknown } | null | undefined)?.stateOverrides))
}
