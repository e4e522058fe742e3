import { keccak256 } from '../crypto/crypto.ts'
import { bytesSize, listSize, RlpWriter } from './rlpWriter.ts'

/** keccak256 of RLP(''): the root of an empty trie. */
const EMPTY_ROOT = Uint8Array.from(Buffer.from('56e81f171bcc55a6ff8345e692c0f86e5b48e01b996cadc001622fb5e363b421', 'hex'))

interface Entry {
  /** The key's nibbles. */
  path: number[]
  value: Uint8Array
}

/**
 * The root of the trie keyed by RLP(index) over `values` (a block's transactions or receipts root), as
 * geth's StackTrie computes it: from the whole key set at once, nodes built bottom-up and hashed once,
 * nothing stored. A general trie with a database inserts keys one by one, rewriting and rehashing the
 * path of each, and keeps every node it ever made.
 */
export function orderedTrieRoot(values: readonly Uint8Array[]): Uint8Array {
  // An empty value is no entry (a trie deletes the key): never so for transactions and receipts.
  const entries = values.flatMap((value, index) => (value.length > 0 ? [{ path: nibbles(indexKey(index)), value }] : []))
  if (entries.length === 0) return EMPTY_ROOT.slice()
  entries.sort((a, b) => comparePaths(a.path, b.path))
  return keccak256(encodeNode(entries, 0))
}

/** RLP of a non-negative integer, the key of a list position. */
function indexKey(index: number): Uint8Array {
  if (index === 0) return Uint8Array.of(0x80)
  if (index < 0x80) return Uint8Array.of(index)
  const bytes: number[] = []
  for (let rest = index; rest > 0; rest = Math.floor(rest / 256)) bytes.unshift(rest % 256)
  return Uint8Array.of(0x80 + bytes.length, ...bytes)
}

function nibbles(key: Uint8Array): number[] {
  const out: number[] = []
  for (const byte of key) out.push(byte >> 4, byte & 0x0f)
  return out
}

function comparePaths(a: number[], b: number[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return (a[i] as number) - (b[i] as number)
  return a.length - b.length
}

/** The node holding `entries` (sorted, sharing their first `depth` nibbles), RLP-encoded. */
function encodeNode(entries: Entry[], depth: number): Uint8Array {
  const first = entries[0] as Entry
  if (entries.length === 1) return encodeShort(hexPrefix(first.path.slice(depth), true), first.value)
  const last = entries[entries.length - 1] as Entry
  let shared = 0
  while (depth + shared < first.path.length && first.path[depth + shared] === last.path[depth + shared]) shared++
  if (shared > 0) {
    return encodeShort(hexPrefix(first.path.slice(depth, depth + shared), false), undefined, reference(encodeNode(entries, depth + shared)))
  }
  const children: Array<Uint8Array | undefined> = new Array(16).fill(undefined)
  let value: Uint8Array | undefined
  let from = 0
  if (first.path.length === depth) {
    value = first.value
    from = 1
  }
  while (from < entries.length) {
    const nibble = (entries[from] as Entry).path[depth] as number
    let to = from + 1
    while (to < entries.length && (entries[to] as Entry).path[depth] === nibble) to++
    children[nibble] = reference(encodeNode(entries.slice(from, to), depth + 1))
    from = to
  }
  const empty = new Uint8Array()
  const payload = children.reduce((sum, child) => sum + (child ? child.length : 1), 0) + bytesSize(value ?? empty)
  const out = new RlpWriter(listSize(payload))
  out.list(payload)
  for (const child of children) {
    if (child) out.raw(child)
    else out.byte(0x80)
  }
  out.bytes(value ?? empty)
  return out.done()
}

/** A leaf ([path, value]) or an extension ([path, child reference]). */
function encodeShort(path: Uint8Array, value: Uint8Array | undefined, child?: Uint8Array): Uint8Array {
  const payload = bytesSize(path) + (value ? bytesSize(value) : (child as Uint8Array).length)
  const out = new RlpWriter(listSize(payload))
  out.list(payload)
  out.bytes(path)
  if (value) out.bytes(value)
  else out.raw(child as Uint8Array)
  return out.done()
}

/** How a parent refers to a child node: embedded when its encoding is shorter than a hash, else its hash. */
function reference(encoded: Uint8Array): Uint8Array {
  if (encoded.length < 32) return encoded
  const out = new RlpWriter(33)
  out.bytes(keccak256(encoded))
  return out.done()
}

/** Hex-prefix encoding of a nibble path, with the leaf flag. */
function hexPrefix(path: number[], leaf: boolean): Uint8Array {
  const flag = leaf ? 2 : 0
  const odd = path.length % 2 === 1
  const out = new Uint8Array(Math.floor(path.length / 2) + 1)
  out[0] = odd ? ((flag + 1) << 4) | (path[0] as number) : flag << 4
  for (let i = odd ? 1 : 0, at = 1; i < path.length; i += 2, at++) out[at] = ((path[i] as number) << 4) | (path[i + 1] as number)
  return out
}
