import { describe, expect, it } from 'vitest';
import type { AlertTypeAdminDto } from '@drat/contracts';
import {
  NOTE_TYPE_REQUIRED,
  categoriesOf,
  enabledCount,
  normalizeLink,
  noteSaveError,
  noteToSave,
  typesOf,
} from './alertTypes';

const type = (id: number, name: string, category: AlertTypeAdminDto['category'], on = true): AlertTypeAdminDto => ({
  id,
  name,
  category,
  raw_note: '',
  is_notification_enabled: on,
});

const types = [type(1, 'SWING', 'STOCKS'), type(2, 'DAY', 'STOCKS', false), type(3, 'WEEKLY', 'OPTIONS')];

describe('alert types screen rules', () => {
  it('lists the categories present, in the contracts order', () => {
    expect(categoriesOf(types)).toEqual(['OPTIONS', 'STOCKS']);
    expect(categoriesOf([])).toEqual([]);
  });

  it('filters the types by category, by name, ALL keeping every one', () => {
    expect(typesOf(types, 'STOCKS').map((t) => t.name)).toEqual(['DAY', 'SWING']);
    expect(typesOf(types, 'ALL').map((t) => t.id)).toEqual([2, 1, 3]);
    expect(typesOf(types, 'OTC')).toEqual([]);
  });

  it('counts the types whose notifications are on', () => {
    expect(enabledCount(types)).toBe(2);
  });

  it('stores an editor left empty as no note', () => {
    expect(noteToSave('<p></p>')).toBe('');
    expect(noteToSave('<p></p><p><br></p>')).toBe('');
    expect(noteToSave('<p><strong>Hi</strong></p>')).toBe('<p><strong>Hi</strong></p>');
  });

  it('asks for an alert type before saving (§5)', () => {
    expect(noteSaveError(null)).toBe(NOTE_TYPE_REQUIRED);
    expect(noteSaveError(undefined)).toBe(NOTE_TYPE_REQUIRED);
    expect(noteSaveError(4)).toBeNull();
  });

  it('makes a typed link absolute', () => {
    expect(normalizeLink('  ')).toBeNull();
    expect(normalizeLink('example.com/a')).toBe('https://example.com/a');
    expect(normalizeLink('http://x.io')).toBe('http://x.io');
    expect(normalizeLink('mailto:a@b.c')).toBe('mailto:a@b.c');
  });
});
