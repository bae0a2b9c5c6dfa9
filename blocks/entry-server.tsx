import { createPageRenderer } from '../engine/render/server.tsx';
import { registry } from './registry.ts';

export const renderPage = createPageRenderer(registry);
// The server hands in its own search engine so server rendering searches in process.
export { setServerSearchClient } from './_search/client.ts';
// …and its own API's public reads, so a block's data asks no HTTP round trip of this server.
export { setLocalApiReader } from '../engine/render/api-read.ts';
