import { describe, expect, it } from 'vitest';
import { EMBED_CONTROLS, embedFragment, originOf, parseEmbedOptions } from './embedOptions';
import { embedAddress, embedSnippet } from './embedSnippet';

describe('parseEmbedOptions', () => {
  it('reads nothing from an empty fragment: no night, the defaults', () => {
    const { options, problems } = parseEmbedOptions('');
    expect(options.night).toEqual({ kind: 'none' });
    expect(options.controls).toEqual(EMBED_CONTROLS);
    expect(options).toMatchObject({
      language: null,
      theme: 'auto',
      interactive: false,
      heightPx: null,
      hostOrigin: null,
    });
    expect(problems).toEqual([]);
  });

  it('reads every option', () => {
    const { options, problems } = parseEmbedOptions(
      '#preset=s07-fencing-off&lang=ar&theme=dark&controls=play,fencing&interactive=1&height=420&origin=https%3A%2F%2Fcourse.example',
    );
    expect(problems).toEqual([]);
    expect(options).toEqual({
      night: { kind: 'preset', id: 's07-fencing-off' },
      language: 'ar',
      theme: 'dark',
      controls: ['fencing', 'play'],
      interactive: true,
      heightPx: 420,
      hostOrigin: 'https://course.example',
    });
  });

  it('keeps a share link whole, and prefers it to a preset', () => {
    const { options } = parseEmbedOptions('#s=1.abc-_DEF&preset=s07-fencing-off');
    expect(options.night).toEqual({ kind: 'share', fragment: 's=1.abc-_DEF' });
  });

  it('names what it cannot read and keeps the default instead', () => {
    const { options, problems } = parseEmbedOptions(
      '#preset=../x&lang=fr&theme=pink&controls=play,boom&interactive=yes&height=9&origin=javascript:alert(1)',
    );
    expect(options).toMatchObject({
      language: null,
      theme: 'auto',
      controls: ['play'],
      interactive: false,
      heightPx: null,
    });
    expect(options.night).toEqual({ kind: 'none' });
    expect(options.hostOrigin).toBeNull();
    expect(problems.map((problem) => problem.option)).toEqual([
      'preset',
      'lang',
      'theme',
      'controls',
      'interactive',
      'height',
      'origin',
    ]);
  });

  it('accepts no controls at all', () => {
    expect(parseEmbedOptions('#preset=a&controls=').options.controls).toEqual([]);
  });

  it('never throws on junk', () => {
    for (const hash of ['#&&&', '#=x', '#lang=%E0%A4%A', `#height=${'9'.repeat(5000)}`, '#origin=%']) {
      expect(() => parseEmbedOptions(hash)).not.toThrow();
    }
  });
});

describe('originOf', () => {
  it('accepts a serialised http(s) origin and nothing more', () => {
    expect(originOf('http://127.0.0.1:4512')).toBe('http://127.0.0.1:4512');
    expect(originOf('https://course.example/')).toBeNull();
    expect(originOf('https://course.example/page')).toBeNull();
    expect(originOf('*')).toBeNull();
    expect(originOf('null')).toBeNull();
    expect(originOf('file:///x')).toBeNull();
  });
});

describe('embedFragment', () => {
  it('leaves the defaults out, and reads back as written', () => {
    const { night: _none, ...options } = parseEmbedOptions('').options;
    expect(embedFragment('preset=s07-fencing-off', options)).toBe('preset=s07-fencing-off');
    const chosen = { ...options, language: 'ar' as const, theme: 'dark' as const, controls: ['steps' as const] };
    const fragment = embedFragment('preset=s07-fencing-off', { ...chosen, interactive: true, heightPx: 500 });
    expect(fragment).toBe('preset=s07-fencing-off&lang=ar&theme=dark&controls=steps&interactive=1&height=500');
    expect(parseEmbedOptions(`#${fragment}`).options).toMatchObject({ ...chosen, interactive: true, heightPx: 500 });
  });
});

describe('the snippet', () => {
  it('points at embed.html beside the app, whatever its folder', () => {
    expect(embedAddress('https://x.example/course/leaseline/#s=1.a', 'preset=a')).toBe(
      'https://x.example/course/leaseline/embed.html#preset=a',
    );
    expect(embedAddress('http://localhost:5173/index.html?lang=ar', 'preset=a')).toBe(
      'http://localhost:5173/embed.html#preset=a',
    );
  });

  it('is one lazy, borderless iframe with its values escaped', () => {
    expect(embedSnippet('https://x/embed.html#preset=a&lang=ar', 'A "night" <b>', 580)).toBe(
      '<iframe src="https://x/embed.html#preset=a&amp;lang=ar" title="A &quot;night&quot; &lt;b&gt;" loading="lazy" style="width:100%;height:580px;border:0"></iframe>',
    );
  });
});
