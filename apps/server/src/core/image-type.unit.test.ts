import { describe, expect, it } from 'vitest';
import { detectImageType } from './image-type';
import { GIF, JPEG, makePng, PNG } from '../../test/images';

const bytes = (...b: number[]) => Buffer.from(b);

describe('detectImageType', () => {
  it.each([
    ['a PNG', PNG, { mime: 'image/png', ext: 'png' }],
    ['a large PNG', makePng(64, 64, { noise: true }), { mime: 'image/png', ext: 'png' }],
    ['a JFIF JPEG', JPEG, { mime: 'image/jpeg', ext: 'jpg' }],
    [
      'an Exif JPEG header',
      bytes(0xff, 0xd8, 0xff, 0xe1, 0x00, 0x10, 0x45, 0x78, 0x69, 0x66),
      { mime: 'image/jpeg', ext: 'jpg' },
    ],
    ['a GIF89a', GIF, { mime: 'image/gif', ext: 'gif' }],
    ['a GIF87a', Buffer.concat([Buffer.from('GIF87a'), GIF.subarray(6)]), { mime: 'image/gif', ext: 'gif' }],
  ])('recognises %s', (_label, data, expected) => {
    expect(detectImageType(data)).toEqual(expected);
  });

  it.each([
    ['an empty buffer', Buffer.alloc(0)],
    ['text', Buffer.from('hello, this is not a picture')],
    ['text that starts with PNG', Buffer.from('PNG image, honest')],
    ['a PNG signature cut short', PNG.subarray(0, 7)],
    [
      'a PNG signature with one byte changed',
      Buffer.concat([bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0b), PNG.subarray(8)]),
    ],
    ['two JPEG bytes', bytes(0xff, 0xd8)],
    ['GIF89 without its last letter', Buffer.from('GIF89')],
    ['GIF88a', Buffer.from('GIF88a\x01\x00\x01\x00')],
    ['a BMP', Buffer.from('BM\x3a\x00\x00\x00\x00\x00\x00\x00', 'binary')],
    ['a WebP', Buffer.from('RIFF\x24\x00\x00\x00WEBPVP8 ', 'binary')],
    ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')],
    ['a PDF', Buffer.from('%PDF-1.7\n')],
    ['a PNG signature not at the start', Buffer.concat([bytes(0x00), PNG])],
  ])('refuses %s', (_label, data) => {
    expect(detectImageType(data)).toBeNull();
  });
});
