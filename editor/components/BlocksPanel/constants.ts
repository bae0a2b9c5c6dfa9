/** Pixels per nesting level: a row's indent, and how far sideways a drag goes to change depth. */
export const INDENT = 18;

/** Draggable ids of palette items are `palette:{type}`; outline rows use the block id. */
const PALETTE_PREFIX = 'palette:';

export const paletteId = (type: string) => `${PALETTE_PREFIX}${type}`;

export const isPaletteId = (id: string | number) => String(id).startsWith(PALETTE_PREFIX);

/** The block type of a palette item's draggable id. */
export const paletteType = (id: string | number) => String(id).slice(PALETTE_PREFIX.length);

/** The droppable below the last row: dropping there appends to the view's list. */
export const END_ZONE = 'outline-end';
