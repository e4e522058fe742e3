/** YAML's parser: loaded on first need, so that a start that reads no YAML file never loads it. */
type YamlParse = (text: string) => unknown

let loaded: YamlParse | undefined

/**
 * Loads the parser (once). In a bundle with code splitting (the CLI's), a CommonJS package imported dynamically is
 * its chunk's default export only, so its functions are looked for there too.
 */
export async function loadYaml(): Promise<YamlParse> {
  if (loaded) return loaded
  const yaml = (await import('yaml')) as typeof import('yaml') & { default?: typeof import('yaml') }
  loaded = yaml.parse ?? (yaml.default as typeof import('yaml')).parse
  return loaded
}

/**
 * The parser where it has been loaded: what reads a file synchronously (a reorg profile named in a config) uses
 * it, and the places that read configs (a config file, the command line, a scenario) load it first.
 */
export function loadedYaml(): YamlParse | undefined {
  return loaded
}

/** Makes a parser already loaded (a scenario's reader imports YAML anyway) the one profile files are read with. */
export function provideYaml(parse: YamlParse): void {
  loaded ??= parse
}
