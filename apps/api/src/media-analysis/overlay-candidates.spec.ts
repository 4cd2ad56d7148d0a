import {
  OverlayTextService,
  overlayCandidates,
  type OverlayTextDetector,
} from './overlay-candidates';

describe('overlayCandidates', () => {
  it('normalises known overlay text into the analyzed span', () => {
    const candidates = overlayCandidates({
      analyzedSeconds: 120,
      source: 'sandbox_spec',
      known: [
        { start: 130, end: 140, text: 'after the clip' },
        { start: 100, end: 150, text: '  Part   2 ' },
        { start: 1, end: 4, text: 'POV: you forgot' },
        { start: 1, end: 4, text: 'POV: you forgot' },
        { start: 5, end: 5, text: 'no span' },
        { text: '' },
      ],
    });
    expect(candidates).toEqual([
      {
        start: 1,
        end: 4,
        text: 'POV: you forgot',
        source: 'sandbox_spec',
        timed: true,
        confidence: null,
      },
      {
        start: 100,
        end: 120,
        text: 'Part 2',
        source: 'sandbox_spec',
        timed: true,
        confidence: null,
      },
    ]);
  });

  it('spans the whole clip for untimed text (e.g. a sticker) and says so', () => {
    expect(overlayCandidates({ analyzedSeconds: 30, known: [{ text: '限时优惠' }] })).toEqual([
      {
        start: 0,
        end: 30,
        text: '限时优惠',
        source: 'platform_metadata',
        timed: false,
        confidence: null,
      },
    ]);
  });
});

describe('OverlayTextService', () => {
  it('returns the known text only when no detector is configured', async () => {
    const service = new OverlayTextService();
    expect(service.detects).toBe(false);
    const result = await service.candidates({
      analyzedSeconds: 10,
      known: [{ start: 0, end: 2, text: 'Hi' }],
      keyFrames: [{ t: 1, sceneIndex: 0, jpegDataUrl: 'data:image/jpeg;base64,' }],
    });
    expect(result.map((candidate) => candidate.text)).toEqual(['Hi']);
  });

  it('adds what a plugged-in detector reads, without duplicating known text', async () => {
    const detector: OverlayTextDetector = {
      name: 'fake-ocr',
      detect: async () => [
        { start: 0, end: 2, text: 'hi', confidence: 0.9 },
        { start: 3, end: 5, text: 'Link in bio', confidence: 0.7 },
      ],
    };
    const service = new OverlayTextService(detector);
    const result = await service.candidates({
      analyzedSeconds: 10,
      known: [{ start: 0, end: 2, text: 'Hi' }],
      keyFrames: [{ t: 1, sceneIndex: 0, jpegDataUrl: 'data:image/jpeg;base64,' }],
    });
    expect(result).toEqual([
      { start: 0, end: 2, text: 'Hi', source: 'platform_metadata', timed: true, confidence: null },
      { start: 3, end: 5, text: 'Link in bio', source: 'ocr', timed: true, confidence: 0.7 },
    ]);
  });
});
