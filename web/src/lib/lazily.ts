/**
 * `make()` on the first call, its result on every later one. For Intl formatters kept at module level:
 * built when the module loads, the first one costs a page about 55 ms on a phone (Intl loads its locale
 * data), during the page's load; built on first use, it costs that when a date is first shown.
 */
export function lazily<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}
