import {
  classifyHanCharacter,
  dominantScript,
  scriptEvidence,
  SHARED_SIMPLIFIED_TRADITIONAL,
} from './han-script';

describe('classifyHanCharacter', () => {
  it.each([
    ['们', 'simplified'],
    ['发', 'simplified'],
    ['湾', 'simplified'],
    ['国', 'simplified'],
    ['这', 'simplified'],
    ['們', 'traditional'],
    ['發', 'traditional'],
    ['灣', 'traditional'],
    ['國', 'traditional'],
    ['這', 'traditional'],
    ['裡', 'traditional'], // Taiwan's form
    ['眾', 'traditional'], // Taiwan's form
    ['中', 'neutral'],
    ['北', 'neutral'],
    ['京', 'neutral'],
    ['台', 'neutral'], // kept by the Hong Kong standard, written everywhere in Taiwan
    ['群', 'neutral'], // kept by Taiwan's standard
    ['床', 'neutral'],
    ['吃', 'neutral'],
    ['游', 'neutral'], // 游泳 in both scripts
    ['范', 'neutral'], // a surname in both scripts
    ['a', 'neutral'],
    ['の', 'neutral'],
  ])('%s is %s', (ch, expected) => {
    expect(classifyHanCharacter(ch)).toBe(expected);
  });

  it('treats every curated shared character as neutral', () => {
    const scripts = [...SHARED_SIMPLIFIED_TRADITIONAL].map(classifyHanCharacter);
    expect(new Set(scripts)).toEqual(new Set(['neutral']));
  });
});

describe('scriptEvidence and dominantScript', () => {
  it('counts evidence per character', () => {
    expect(scriptEvidence('我们在臺灣 abc')).toEqual({
      han: 5,
      simplified: 1,
      traditional: 2,
      japanese: false,
    });
  });

  it.each([
    ['健身房新手教学', 'simplified'],
    ['健身房新手教學', 'traditional'],
    ['北京美食', 'none'],
    ['发發', 'none'],
    ['fitness', 'none'],
    ['東京の大学', 'none'],
  ])('%s → %s', (text, expected) => {
    expect(dominantScript(scriptEvidence(text))).toBe(expected);
  });
});
