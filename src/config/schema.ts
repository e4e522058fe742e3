import { z } from 'zod'

const port = z.number().int().min(0).max(65535)

const mining = z.union([
  z.object({ auto: z.literal(true) }).strict(),
  z.object({ auto: z.literal(false).optional(), intervalMs: z.number().int().positive() }).strict(),
  z.object({ auto: z.literal(false) }).strict(),
])

const limits = z
  .object({
    maxLogResults: z.number().int().positive().default(10_000),
    queryTimeoutMs: z.number().int().positive().default(10_000),
    maxLogParams: z.number().int().positive().default(5_000),
  })
  .strict()

const finality = z
  .object({
    safeDepth: z.number().int().nonnegative().default(32),
    finalizedDepth: z.number().int().nonnegative().default(64),
  })
  .strict()

/** One network: its own node, chain id and port. */
export const networkConfig = z
  .object({
    name: z.string().regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, - and _ only'),
    chainId: z.number().int().positive(),
    port: port.optional(),
    mining: mining.default({ auto: true }),
    limits: limits.default({ maxLogResults: 10_000, queryTimeoutMs: 10_000, maxLogParams: 5_000 }),
    filterTimeoutMs: z.number().int().positive().default(300_000),
    finality: finality.default({ safeDepth: 32, finalizedDepth: 64 }),
    /** Send ERC-20 transfers between dev accounts, so logs flow with no client action. */
    backgroundTraffic: z.boolean().default(false),
  })
  .strict()

/** The config file (JSON or YAML). Unknown keys are refused, by name. */
export const chainsimConfig = z
  .object({
    host: z.string().min(1).default('127.0.0.1'),
    apiKeys: z.array(z.string().min(1)).default([]),
    tls: z.object({ cert: z.string().min(1), key: z.string().min(1) }).strict().optional(),
    logRequests: z.boolean().default(false),
    networks: z.array(networkConfig).min(1),
  })
  .strict()
  .superRefine((config, ctx) => {
    const seen = new Map<string, number>()
    config.networks.forEach((network, index) => {
      const first = seen.get(network.name)
      if (first !== undefined) {
        ctx.addIssue({ code: 'custom', path: ['networks', index, 'name'], message: `duplicate network name (also networks.${first})` })
      }
      seen.set(network.name, index)
    })
  })

export type ChainsimConfig = z.output<typeof chainsimConfig>
export type NetworkConfig = z.output<typeof networkConfig>
export type ChainsimConfigInput = z.input<typeof chainsimConfig>
