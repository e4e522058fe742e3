import { z } from 'zod'

/**
 * The faults a network can be given, as the config (`networks[].faults`), a scenario's `fault:` step and
 * `sim_fault` all take them: one zod schema, so the three accept exactly the same thing. Faults that act on a
 * fraction of calls choose them with a generator seeded by `seed`, so a run repeats exactly.
 */

const trigger = {
  rate: z.number().min(0).max(1).optional().describe('the fraction of eligible calls (or connections) it acts on, chosen by the seed (default 1: all)'),
  count: z.number().int().min(1).optional().describe('how many times it acts before it is spent (default: until cleared)'),
  seed: z.number().int().optional().describe('seeds the choice of calls, so runs repeat (default 1)'),
}

/** A JSON-RPC error object a fault answers with. */
const rpcErrorObject = z.object({ code: z.number().int(), message: z.string(), data: z.unknown().optional() }).strict()

/** `error` (the kind may be left out): a method's calls fail with an error or an HTTP status, or wait. */
const errorFault = z
  .object({
    kind: z.literal('error').optional(),
    method: z.string().min(1).describe('the JSON-RPC method, or * for any'),
    ...trigger,
    count: z.number().int().min(1).optional().describe('how many calls (default 1, or until cleared when a rate is given)'),
    error: rpcErrorObject.optional().describe('the error those calls answer with, instead of running'),
    latencyMs: z.number().int().min(0).optional().describe('real milliseconds each call waits'),
    httpStatus: z.number().int().min(100).max(599).optional().describe('the HTTP status of the response'),
  })
  .strict()
  .refine((f) => f.error !== undefined || f.latencyMs !== undefined || f.httpStatus !== undefined, {
    message: 'an error fault needs `error`, `latencyMs` or `httpStatus`',
  })

/** `lag`: reads are answered as a replica `blocks` behind the head answers them. */
const lagFault = z
  .object({
    kind: z.literal('lag'),
    blocks: z.number().int().min(1).describe('how far behind the head the lagging replica is'),
    methods: z.array(z.string().min(1)).min(1).optional().describe('the reads it answers (default: every read resolved against the head)'),
    ...trigger,
  })
  .strict()

/** `lostFilter`: eth_getFilterChanges answers -32000 `filter not found`, and the filter is really gone. */
const lostFilterFault = z.object({ kind: z.literal('lostFilter'), ...trigger }).strict()

/** `wsDrop`: WebSocket connections are closed after some messages or some time. */
const wsDropFault = z
  .object({
    kind: z.literal('wsDrop'),
    afterMessages: z.number().int().min(1).optional().describe('close after this many more messages sent to the client'),
    afterMs: z.number().int().min(0).optional().describe('close this many real milliseconds from now'),
    code: z
      .union([z.literal(1006), z.literal(1001)])
      .optional()
      .describe('1006: the socket is cut with no close frame (default); 1001: closed as going away'),
    ...trigger,
  })
  .strict()
  .refine((f) => f.afterMessages !== undefined || f.afterMs !== undefined, { message: 'a wsDrop fault needs `afterMessages` or `afterMs`' })

/** `batchPartial`: some requests of a batch answer an error or null while the others are answered. */
const batchPartialFault = z
  .object({
    kind: z.literal('batchPartial'),
    answer: z.enum(['error', 'null']).optional().describe('what a failed item answers (default error)'),
    error: rpcErrorObject.optional().describe('the error a failed item answers (default -32603 internal error)'),
    ...trigger,
  })
  .strict()

/** `rateLimit`: requests are priced in compute units (credits) and refused with 429 past the budget. */
const rateLimitFault = z
  .object({
    kind: z.literal('rateLimit'),
    provider: z.enum(['infura', 'alchemy']).optional().describe("whose prices and 429 body (default: the network's profile, else infura)"),
    unitsPerSecond: z.number().positive().optional().describe("units a second (default: the provider's free plan)"),
    burstSeconds: z.number().positive().optional().describe("seconds of units the bucket holds (default: the provider's)"),
  })
  .strict()

/** `none`: clears every fault. */
const noFault = z.object({ kind: z.literal('none') }).strict()

export const faultSpec = z
  .discriminatedUnion('kind', [errorFault, lagFault, lostFilterFault, wsDropFault, batchPartialFault, rateLimitFault, noFault])
  .meta({ id: 'fault', description: 'a fault: error (the default kind), lag, lostFilter, wsDrop, batchPartial, rateLimit, or none (clears)' })

export type FaultSpec = z.output<typeof faultSpec>
export type ErrorFaultSpec = z.output<typeof errorFault>
export type LagFaultSpec = z.output<typeof lagFault>
export type LostFilterFaultSpec = z.output<typeof lostFilterFault>
export type WsDropFaultSpec = z.output<typeof wsDropFault>
export type BatchPartialFaultSpec = z.output<typeof batchPartialFault>
export type RateLimitFaultSpec = z.output<typeof rateLimitFault>
