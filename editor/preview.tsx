// Live preview of a draft site, rendered by the runtime's own renderer (filled in by the editor work).
export {};
