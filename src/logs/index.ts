// The log index: canonical logs by address and topic, criteria matching, and the one log query with its limits.
export { countCriteriaParameters, largestCriteriaPosition } from './countCriteriaParameters.ts'
export { LogIndex } from './logIndex.ts'
export { matchesCriteria } from './matchesCriteria.ts'
export { DEFAULT_LOG_LIMITS, installRefusal, parameterCountRefusal, parameterRefusal, queryLogs } from './queryLogs.ts'
export type { BlockRange, LogLimits, LogQueryOptions, LogQueryRefusal, LogQueryResult, LogSource } from './queryLogs.ts'
export type * from './types.ts'
