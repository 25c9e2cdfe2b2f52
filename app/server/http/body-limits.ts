/**
 * How much of a request body the server still reads after deciding to refuse it, and for how long:
 * a client still sending its body receives the answer rather than a reset, and its connection stays
 * usable (docs/decisions/050-resilience-and-hostile-input.md). Past these, the connection is cut.
 */
export const DRAIN_MAX_BYTES = 8 * 1024 * 1024;
export const DRAIN_MAX_MS = 10_000;
