/** One RLP item inside a byte array: its payload's bounds (`end` is also where the next item starts). */
export interface RlpItem {
  isList: boolean
  start: number
  end: number
}

/**
 * The item at `at`, read without decoding it: for walking encoded structures (trie nodes, headers)
 * to find one field, where a full decode would build every field only to keep one.
 */
export function readRlpItem(bytes: Uint8Array, at: number): RlpItem {
  const first = bytes[at] as number
  if (first < 0x80) return { isList: false, start: at, end: at + 1 }
  if (first < 0xb8) return { isList: false, start: at + 1, end: at + 1 + first - 0x80 }
  if (first < 0xc0) return longItem(bytes, at, first - 0xb7, false)
  if (first < 0xf8) return { isList: true, start: at + 1, end: at + 1 + first - 0xc0 }
  return longItem(bytes, at, first - 0xf7, true)
}

/** The items of the list `list` (an item of `bytes`), in order. */
export function readRlpList(bytes: Uint8Array, list: RlpItem): RlpItem[] {
  const items: RlpItem[] = []
  for (let at = list.start; at < list.end; ) {
    const item = readRlpItem(bytes, at)
    items.push(item)
    at = item.end
  }
  return items
}

function longItem(bytes: Uint8Array, at: number, lengthBytes: number, isList: boolean): RlpItem {
  let length = 0
  for (let i = 1; i <= lengthBytes; i++) length = length * 256 + (bytes[at + i] as number)
  const start = at + 1 + lengthBytes
  return { isList, start, end: start + length }
}
