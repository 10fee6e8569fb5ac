import { describe, expect, it } from 'vitest';
import { parseSavedPreferences } from './preferences';

describe('parseSavedPreferences', () => {
  it('keeps each valid field and drops the others', () => {
    expect(parseSavedPreferences('{"singleKeyShortcuts":false,"language":"ar","digits":"arabicIndic"}')).toEqual({
      singleKeyShortcuts: false,
      language: 'ar',
      digits: 'arabicIndic',
    });
    expect(parseSavedPreferences('{"singleKeyShortcuts":"no","language":"fr","digits":"roman"}')).toEqual({});
    expect(parseSavedPreferences('{"language":null}')).toEqual({});
  });

  it('reads nothing from what is not a JSON object', () => {
    expect(parseSavedPreferences(null)).toEqual({});
    expect(parseSavedPreferences('not json')).toEqual({});
    expect(parseSavedPreferences('[1]')).toEqual({});
  });
});
