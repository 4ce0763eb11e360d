import { config } from 'zod';

/**
 * Imported first by every page entry (the console, each element bundle). zod compiles object parsers with
 * `new Function` when it may, and finds out whether it may by trying once when the first object schema is made:
 * under a `script-src` without 'unsafe-eval' that try is a reported policy violation on every load. Without JIT the
 * parsers are interpreted: no probe, no violation, and the same results.
 */
config({ jitless: true });
