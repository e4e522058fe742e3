/** The providers whose profiles price methods one by one (src/rpc/providers/); a declaration's `cost` names them. */
export const PRICED_PROVIDERS = ['infura', 'alchemy'] as const
export type PricedProvider = (typeof PRICED_PROVIDERS)[number]
