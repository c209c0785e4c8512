import { Client } from './client.js';
import { EVENT, TYPES, type ChatClient, type CreateOptions } from './types.js';

export * from './types.js';
export { Client } from './client.js';

/** Creates a chat client; `server` is the HTTP origin of the Forecourt server (the page's own when empty). */
export function create(options: CreateOptions = {}): Client & ChatClient {
  return new Client(options);
}

export default { create, EVENT, TYPES };
