// Runs a TypeScript worker entry from source (tests and `npm run dev`): the built server starts the .js entry directly.
import { workerData } from 'node:worker_threads';

const { register } = await import('tsx/esm/api');
register();
await import(workerData.entry);
