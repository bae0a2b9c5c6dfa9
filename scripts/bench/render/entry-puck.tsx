/** Hydration bench, Puck: <Render config data> hydrated from its data in the page, as a Puck page hydrates. */
import { hydrateRoot } from 'react-dom/client';
import { Render } from '@puckeditor/core';
import { PAYLOAD_ELEMENT_ID, ROOT_ELEMENT_ID } from '../../../engine/render/dom-ids.ts';
import { puckConfig } from './views.ts';
import { afterFirstPaint, onRecoverableError, startProbe } from './probe.ts';

await afterFirstPaint();
startProbe();
const data = JSON.parse(document.getElementById(PAYLOAD_ELEMENT_ID)!.textContent!);
hydrateRoot(
  document.getElementById(ROOT_ELEMENT_ID)!,
  <Render config={puckConfig as never} data={data} />,
  { onRecoverableError },
);
