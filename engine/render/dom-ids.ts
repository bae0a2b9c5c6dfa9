/** Element ids shared by the server's HTML document and the browser's hydration. */
export const PAYLOAD_ELEMENT_ID = 'fc-payload';
export const ROOT_ELEMENT_ID = 'fc-root';
