/**
 * The editor's side of dropping palette blocks on the canvas (docs/editor-design.md, "The canvas").
 * The outline's drag (BlocksPanel/useOutlineDrag) tells it where the pointer is; while that
 * is over the preview stage it asks the iframe where the block would land (the iframe
 * measures what it shows) and hears back; on release there the block is inserted through
 * the store, like a drop in the outline. While a palette block is dragged the iframe takes
 * no pointer events, so the editor's window keeps receiving the pointer (an iframe would
 * otherwise swallow it).
 */
import { createContext, useContext } from 'react';
import { blockName, metaOf } from '../../lib/blocks.ts';
import { areaOfView, listLabel } from '../../lib/doc.ts';
import { EDITOR_SOURCE, type CanvasPlace, type ToPreview } from '../../lib/protocol.ts';
import type { EditorStore } from '../../lib/store/index.ts';
import { toFramePoint } from './scale.ts';

type Point = { x: number; y: number };

export class CanvasBridge {
  private frame: HTMLIFrameElement | null = null;
  private stage: HTMLElement | null = null;
  private scale = 1;
  private inside = false;
  /** Told where a drag over the canvas would land (undefined: nowhere, or the pointer left). */
  onPlace: ((place: CanvasPlace | undefined) => void) | undefined;

  constructor(
    private store: EditorStore,
    private announce: (message: string) => void,
  ) {}

  attach(frame: HTMLIFrameElement | null, stage: HTMLElement | null, scale: number) {
    this.frame = frame;
    this.stage = stage;
    this.scale = scale;
  }

  private send(msg: ToPreview) {
    this.frame?.contentWindow?.postMessage(msg, location.origin);
  }

  /** A palette drag began: the iframe stops taking the pointer until it ends. */
  start() {
    if (this.frame) this.frame.style.pointerEvents = 'none';
  }

  end() {
    if (this.frame) this.frame.style.pointerEvents = '';
    this.leave();
  }

  private leave() {
    if (!this.inside) return;
    this.inside = false;
    this.send({ source: EDITOR_SOURCE, type: 'drag', phase: 'leave' });
    this.onPlace?.(undefined);
  }

  /** Where in the frame a point of the window is, when it is over the visible part of the stage. */
  private framePoint(pointer: Point | undefined): Point | undefined {
    if (!pointer || !this.frame || !this.stage) return undefined;
    const s = this.stage.getBoundingClientRect();
    if (pointer.x < s.left || pointer.x > s.right || pointer.y < s.top || pointer.y > s.bottom)
      return undefined;
    const f = this.frame.getBoundingClientRect();
    if (pointer.x < f.left || pointer.x > f.right || pointer.y < f.top || pointer.y > f.bottom)
      return undefined;
    return toFramePoint(pointer, f, this.scale);
  }

  /** The pointer moved while a palette block of `type` is dragged: true when the canvas takes it from here. */
  over(pointer: Point | undefined, type: string): boolean {
    const at = this.framePoint(pointer);
    if (!at) {
      this.leave();
      return false;
    }
    this.inside = true;
    this.send({
      source: EDITOR_SOURCE,
      type: 'drag',
      phase: 'over',
      ...at,
      blockType: type,
      areas: areaOfView(this.store.getState().view),
    });
    return true;
  }

  /** Released: true when over the canvas (the iframe answers with the place, then `received` inserts). */
  drop(pointer: Point | undefined, type: string): boolean {
    const at = this.framePoint(pointer);
    if (this.frame) this.frame.style.pointerEvents = '';
    this.inside = false;
    this.onPlace?.(undefined);
    if (!at) return false;
    this.send({
      source: EDITOR_SOURCE,
      type: 'drag',
      phase: 'drop',
      ...at,
      blockType: type,
      areas: areaOfView(this.store.getState().view),
    });
    return true;
  }

  /** The iframe's answers. */
  placed(place: CanvasPlace | undefined) {
    if (this.inside) this.onPlace?.(place);
  }

  dropped(type: string, place: CanvasPlace | undefined) {
    if (!place?.ok) {
      this.announce(
        place
          ? `A ${metaOf(type).label} block cannot go there: ${place.reason}.`
          : 'Nothing was added: drop the block on the page.',
      );
      return;
    }
    const block = this.store.newBlock(type);
    if (this.store.insert(block, { ref: place.ref, index: place.index }))
      this.announce(
        `Added ${blockName(block)} to ${listLabel(this.store.getState().resolved, place.ref)}.`,
      );
  }
}

export const CanvasContext = createContext<CanvasBridge | undefined>(undefined);
export const useCanvas = () => useContext(CanvasContext);
