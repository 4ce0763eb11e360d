import { fileURLToPath } from 'node:url';

/** The public datasets: PARLEY_DATASETS, else ../shared/datasets beside the repository. */
export const datasetsDir = () => process.env.PARLEY_DATASETS ?? fileURLToPath(new URL('../../../../../shared/datasets', import.meta.url));

/**
 * BENCH_SMOKE=1 only checks that the bench still runs to its figures (npm test): CLINC150 cut to its first 20
 * intents and 100 out-of-scope queries a split, Braun's smallest corpus, 300 GoEmotions examples.
 */
export const SMOKE = Boolean(process.env.BENCH_SMOKE);
