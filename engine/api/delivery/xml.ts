/**
 * The little XML the ADF/XML channel writes (docs/leads-crm.md, "ADF/XML"): elements with
 * attributes and text, nothing else, so a few lines of careful escaping do what a builder
 * library would. Every text a visitor typed goes through `xmlSafeText` first: XML 1.0 cannot
 * carry most control characters or a lone surrogate at all, even escaped, and a parser turns
 * a carriage return into a line feed, so the document says exactly what a CRM will read back.
 */

/** Characters XML 1.0 cannot carry (besides tab, line feed and carriage return, handled below). */
const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/**
 * The text as the document will carry it: line endings as line feeds, and the characters
 * XML 1.0 cannot carry (C0 controls, lone surrogates, U+FFFE, U+FFFF) left out.
 */
export function xmlSafeText(text: string): string {
  return text.replace(/\r\n?/g, '\n').replace(NOT_XML_CHAR, '');
}

const TEXT_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };
// In an attribute a parser also turns tabs and line feeds into spaces unless they are references.
const ATTRIBUTE_ESCAPES: Record<string, string> = {
  ...TEXT_ESCAPES,
  '"': '&quot;',
  '\t': '&#9;',
  '\n': '&#10;',
};

/** Escapes text for element content (`>` too, so `]]>` never appears). */
export function escapeText(text: string): string {
  return xmlSafeText(text).replace(/[&<>]/g, (c) => TEXT_ESCAPES[c]);
}

/** Escapes text for a double-quoted attribute value. */
export function escapeAttribute(text: string): string {
  return xmlSafeText(text).replace(/[&<>"\t\n]/g, (c) => ATTRIBUTE_ESCAPES[c]);
}

/** An element: its name, its attributes (undefined ones left out), and text or child elements. */
export interface XmlElement {
  name: string;
  attributes?: Record<string, string | undefined>;
  /** Text content, or child elements (undefined children are left out). */
  content?: string | (XmlElement | undefined)[];
}

/** Writes an element, children indented two spaces a level. */
export function writeElement(element: XmlElement, indent = ''): string {
  const attributes = Object.entries(element.attributes ?? {})
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`)
    .join('');
  const open = `${indent}<${element.name}${attributes}`;
  const { content } = element;
  if (content === undefined || content === '') return `${open}/>`;
  if (typeof content === 'string') return `${open}>${escapeText(content)}</${element.name}>`;
  const children = content
    .filter((child): child is XmlElement => child !== undefined)
    .map((child) => writeElement(child, `${indent}  `));
  if (children.length === 0) return `${open}/>`;
  return `${open}>\n${children.join('\n')}\n${indent}</${element.name}>`;
}
