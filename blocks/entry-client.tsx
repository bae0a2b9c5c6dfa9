import { hydrateSite } from '../engine/render/client.tsx';
import { registry } from './registry.ts';
import './base.css';

void hydrateSite(registry);
