import { describe, expect, it } from 'vitest';
import { splitName } from './names';

describe('splitName', () => {
  it('takes the first word as the first name and the rest as the last name', () => {
    expect(splitName('  Ada   King Lovelace ')).toEqual({ firstName: 'Ada', lastName: 'King Lovelace' });
  });
  it('gives empty names for no name, and an empty last name for one word', () => {
    expect(splitName(null)).toEqual({ firstName: '', lastName: '' });
    expect(splitName('   ')).toEqual({ firstName: '', lastName: '' });
    expect(splitName('Cher')).toEqual({ firstName: 'Cher', lastName: '' });
  });
  it('cuts each name to the 150 characters DRAT’s forms accept', () => {
    const { firstName, lastName } = splitName(`${'a'.repeat(200)} ${'b'.repeat(200)}`);
    expect([firstName.length, lastName.length]).toEqual([150, 150]);
  });
});
