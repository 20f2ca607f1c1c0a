/**
 * Text people write that others read is cleaned when it is stored, never only when it is shown:
 * rich text keeps basic formatting and safe links (richText), plain text keeps no markup and no
 * control characters (plainText).
 */
import sanitizeHtml from 'sanitize-html';

/**
 * What rich text (an alert type's 'Important Notes') may hold: basic formatting and links, nothing else. Links
 * keep only http(s) and mailto targets and always open safely; every other tag is dropped with its
 * markup (its text stays), and script, style and the like are dropped whole.
 */
const NOTE_POLICY: sanitizeHtml.IOptions = {
  allowedTags: [
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
  ],
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: {
        ...(attribs.href ? { href: attribs.href } : {}),
        ...(attribs.target === '_blank' ? { target: '_blank' } : {}),
        rel: 'noopener noreferrer nofollow',
      },
    }),
  },
};

/** Rich text as stored and served (an alert type's notes): sanitized HTML, trimmed; an editor's empty paragraph counts as empty. */
export function richText(html: string): string {
  const clean = sanitizeHtml(html, NOTE_POLICY).trim();
  return /^(<p>(\s|<br \/>|&nbsp;)*<\/p>)*$/.test(clean) ? '' : clean;
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };

/**
 * Plain text as stored and served (alert notes, embed fields): every tag is dropped (a script or
 * style with its content), the text of the others stays as typed, and control characters but
 * line breaks and tabs are removed.
 */
export function plainText(text: string): string {
  const stripped = sanitizeHtml(text, { allowedTags: [], allowedAttributes: {}, disallowedTagsMode: 'discard' });
  return (
    stripped
      .replace(/&(amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity)
      // Control characters are exactly what this removes.
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, '')
  );
}
