import { afterAll } from 'vitest';
import { closeUnclosedServers } from './harness.js';

// Every test file's servers are closed (and their PostgreSQL databases dropped) when the file ends: see harness.ts.
afterAll(closeUnclosedServers);
