export { AddressHistory } from './addressHistory.ts'
export type { BlockCallFrames, HistoryPage } from './addressHistory.ts'
export type { TransactionPlace } from './addressIndex.ts'
