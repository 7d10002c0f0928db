// One free-port finder for every process a test starts: the server launcher's.
export { freePort } from '../../support/server.mjs';
