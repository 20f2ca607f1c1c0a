/**
 * Text people write that others read is cleaned when it is stored, never only when it is shown:
 * rich text keeps basic formatting and safe links (richText), plain text keeps no markup and no
 * control characters (plainText).
 *
 * Both read the input with htmlparser2 (an HTML tokenizer: what a browser would see as tags, text
 * and entities) and write the result anew: only tags of the allow-list, without attributes but a
 * link's checked address, and every piece of text escaped. Nothing of the input is copied through
 * as markup, so the output cannot be read by a browser as anything but what was allowed.
 */
import { Parser } from 'htmlparser2';

/** What rich text (an alert type's 'Important Notes') may hold: basic formatting and links. */
const RICH_TAGS = new Set([
  'p',
  'br',
  'b',
  'strong',
  'i',
  'em',
  'u',
  's',
  'strike',
  'del',
  'sub',
  'sup',
  'ul',
  'ol',
  'li',
  'blockquote',
  'h1',
  'h2',
  'h3',
  'h4',
  'code',
  'pre',
  'a',
]);
/** Elements without an end tag. */
const VOID_TAGS = new Set([
  'br',
  'img',
  'hr',
  'input',
  'meta',
  'link',
  'area',
  'base',
  'col',
  'embed',
  'source',
  'wbr',
]);
/** Elements dropped with everything inside them (code, styles, embedded documents, form controls). */
const DROPPED_WITH_CONTENT = new Set([
  'script',
  'style',
  'iframe',
  'noscript',
  'noembed',
  'noframes',
  'textarea',
  'xmp',
  'template',
  'title',
  'select',
  'option',
  'object',
  'svg',
  'math',
]);
/** Link targets a note may point to. */
const LINK_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (text: string) => escapeText(text).replace(/"/g, '&quot;');

/** An absolute http(s) or mailto address as a browser would read it, else null (javascript:, relative, //host). */
function safeLink(href: string | undefined): string | null {
  if (href === undefined) return null;
  const trimmed = href.trim();
  try {
    // The WHATWG parser is the browser's: it sees through tabs, case and leading spaces.
    return LINK_PROTOCOLS.has(new URL(trimmed).protocol) ? trimmed : null;
  } catch {
    return null;
  }
}

/**
 * Walks `html` as a browser's tokenizer would: text (entities decoded) and tags, minus the
 * elements dropped with their content; `write` is told of each, and writes what it keeps.
 */
function rewrite(
  html: string,
  write: {
    text(text: string): void;
    open(name: string, attributes: Record<string, string>): void;
    close(name: string): void;
  },
): void {
  let dropping = 0;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (DROPPED_WITH_CONTENT.has(name)) {
          if (!VOID_TAGS.has(name)) dropping += 1;
          return;
        }
        if (dropping === 0) write.open(name, attributes);
      },
      onclosetag(name) {
        if (DROPPED_WITH_CONTENT.has(name)) {
          dropping = Math.max(0, dropping - 1);
          return;
        }
        if (dropping === 0 && !VOID_TAGS.has(name)) write.close(name);
      },
      ontext(text) {
        if (dropping === 0) write.text(text);
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true, recognizeSelfClosing: false },
  );
  parser.write(html);
  parser.end();
}

/** Rich text as stored and served (an alert type's notes): sanitized HTML, trimmed; an editor's empty paragraph counts as empty. */
export function richText(html: string): string {
  let out = '';
  rewrite(html, {
    text: (text) => (out += escapeText(text)),
    open(name, attributes) {
      if (!RICH_TAGS.has(name)) return;
      if (name === 'br') out += '<br />';
      else if (name === 'a') {
        const href = safeLink(attributes.href);
        out += '<a';
        if (href !== null) out += ` href="${escapeAttribute(href)}"`;
        if (attributes.target === '_blank') out += ' target="_blank"';
        out += ' rel="noopener noreferrer nofollow">';
      } else out += `<${name}>`;
    },
    close(name) {
      if (RICH_TAGS.has(name) && name !== 'br') out += `</${name}>`;
    },
  });
  const clean = out.trim();
  return /^(<p>(\s|<br \/>|\u00a0)*<\/p>)*$/.test(clean) ? '' : clean;
}

/**
 * Plain text as stored and served (alert notes, embed fields): every tag is dropped (a script or
 * style with its content), the text of the others stays as typed, and control characters but
 * line breaks and tabs are removed.
 */
export function plainText(text: string): string {
  let out = '';
  rewrite(text, { text: (t) => (out += t), open: () => {}, close: () => {} });
  // Control characters are exactly what this removes.
  // eslint-disable-next-line no-control-regex
  return out.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, '');
}
