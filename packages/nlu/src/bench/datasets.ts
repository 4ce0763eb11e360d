import { fileURLToPath } from 'node:url';

/** The public datasets: PARLEY_DATASETS, else ../shared/datasets beside the repository. */
export const datasetsDir = () => process.env.PARLEY_DATASETS ?? fileURLToPath(new URL('../../../../../shared/datasets', import.meta.url));
