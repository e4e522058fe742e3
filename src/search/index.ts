export { AddressHistory } from './addressHistory.ts'
export type { HistoryPage } from './addressHistory.ts'
export type { TransactionPlace } from './addressIndex.ts'
