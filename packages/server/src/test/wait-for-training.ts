export { waitForTraining } from '../test-support/server.js';
