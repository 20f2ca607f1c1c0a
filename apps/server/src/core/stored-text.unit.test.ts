import { describe, expect, it } from 'vitest';
import { plainText, richText } from './stored-text';

/** Known ways past HTML sanitizers (OWASP's filter-evasion list and sanitizer advisories). */
const ATTACKS: [string, string][] = [
  ['a script split by another tag', '<scr<script>ipt>alert(1)</script>'],
  ['an unclosed script', '<p>x</p><script>alert(1)'],
  ['a link in SVG', '<svg><a href="javascript:alert(1)">s</a></svg>'],
  ['a textarea mis-closed with a solidus', '<textarea></textarea/><img src=x onerror=alert(1)>'],
  ['an entity-encoded scheme', '<a href="&#106;avascript:alert(1)">x</a>'],
  ['a tab inside the scheme', '<a href="java\tscript:alert(1)">x</a>'],
  ['an upper-case scheme after spaces', '<a href="  JAVASCRIPT:alert(1)">x</a>'],
  ['a protocol-relative link', '<a href="//evil.example/x">x</a>'],
  ['a quote breaking out of the address', '<a href="https://a.b/?q=&quot;><script>alert(1)</script>">x</a>'],
  ['markup inside an attribute', '<p title="<img src=x onerror=alert(1)>">t</p>'],
  ['a comment hiding a tag', '<!--<img src=x onerror=alert(1)>-->ok'],
  ['MathML with a link', '<math><mi xlink:href="javascript:alert(1)">m</mi></math>'],
  ['an event handler without quotes', '<b onmouseover=alert(1)>b</b>'],
  ['a style with an expression', '<p style="background:url(javascript:alert(1))">s</p>'],
  ['a CDATA section', '<![CDATA[<img src=x onerror=alert(1)>]]>'],
  [
    'an SVG animation retargeting a link',
    '<a href="https://ok.example"><animate attributeName="href" values="javascript:alert(1)"/>x</a>',
  ],
];

const DANGEROUS =
  /<(?!\/?(p|br|b|strong|i|em|u|s|strike|del|sub|sup|ul|ol|li|blockquote|h[1-4]|code|pre|a)[\s/>])|on\w+=|javascript:|style=/i;

describe('richText: no way past the allow-list', () => {
  it.each(ATTACKS)('%s', (_label, input) => {
    const clean = richText(input);
    expect(clean).not.toMatch(DANGEROUS);
    // Read again, it stays the same: nothing in it becomes markup on a second reading.
    expect(richText(clean)).toBe(clean);
  });

  it('escapes the text it keeps', () => {
    expect(richText('<p>1 < 2 & 3 > 2</p>')).toBe('<p>1 &lt; 2 &amp; 3 &gt; 2</p>');
  });

  it('keeps an address with a query, escaped as an attribute', () => {
    expect(richText('<a href="https://a.b/?x=1&amp;y=&quot;2&quot;">q</a>')).toBe(
      '<a href="https://a.b/?x=1&amp;y=&quot;2&quot;" rel="noopener noreferrer nofollow">q</a>',
    );
  });
});

describe('plainText: only the words', () => {
  it.each(ATTACKS)('%s', (_label, input) => {
    const clean = plainText(input);
    expect(clean).not.toMatch(/<\w|on\w+=|<\//i);
  });

  it('decodes entities to what they say (shown as text, never as markup)', () => {
    expect(plainText('Fish &amp; chips &lt;3')).toBe('Fish & chips <3');
  });
});
