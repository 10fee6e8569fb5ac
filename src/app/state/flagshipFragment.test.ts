import { describe, expect, it } from 'vitest';
import { shareFragment } from '../../model/shareLink';
import { FLAGSHIP_SHARE_FRAGMENT } from './flagshipFragment';
import { FLAGSHIP_PRESET_ID, presetDocument } from './initialDocument';

describe('the flagship share fragment written out', () => {
  it('is the codec’s fragment of the flagship preset (copy the received value if the preset changed)', () => {
    expect(FLAGSHIP_SHARE_FRAGMENT).toBe(shareFragment(presetDocument(FLAGSHIP_PRESET_ID)));
    expect(FLAGSHIP_SHARE_FRAGMENT).toMatch(/^#s=1\.[A-Za-z0-9_-]+$/);
  });
});
