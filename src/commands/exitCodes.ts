/**
 * The exit code of a command used wrongly: an unknown option, a bad option value, options that do not go together,
 * a config file that is refused, a --state path that cannot be used (chainsim's own checks and commander's alike).
 * Failures once the command has started (a port in use, an upstream that does not answer) exit 1, as does a
 * failing scenario.
 */
export const USAGE_EXIT_CODE = 2
