/**
 * The `capacity` most recently used values by key, for objects that are rebuilt from kept bytes on
 * demand (decoded headers and transactions): what is used again soon is decoded once.
 */
export class RecentCache<K, V> {
  private readonly entries = new Map<K, V>()

  constructor(private readonly capacity: number) {}

  get(key: K, make: (key: K) => V): V {
    const known = this.entries.get(key)
    if (known !== undefined) {
      // Most recently used last: the first entry is the one to forget.
      this.entries.delete(key)
      this.entries.set(key, known)
      return known
    }
    const made = make(key)
    this.set(key, made)
    return made
  }

  set(key: K, value: V): void {
    this.entries.delete(key)
    if (this.entries.size >= this.capacity) this.entries.delete(this.entries.keys().next().value as K)
    this.entries.set(key, value)
  }

  delete(key: K): void {
    this.entries.delete(key)
  }
}
