/** A configuration the server refuses to start with; its message says what to set, in Spanish. */
export class ConfigError extends Error {}
