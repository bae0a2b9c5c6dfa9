import { createPageRenderer } from '../engine/render/server.tsx';
import { registry } from './registry.ts';

export const renderPage = createPageRenderer(registry);
