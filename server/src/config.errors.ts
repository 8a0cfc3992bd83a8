/** Thrown for a wrong environment; its message names the variable(s). */
export class ConfigError extends Error {}
