import { matchNiches } from './sandbox-catalogue';
import { SandboxVideoDataProvider } from './sandbox-video-data.provider';
import { containsKeyword, toSimplified } from './sandbox-text';

describe('sandbox text: Traditional Chinese', () => {
  it('folds Traditional characters to Simplified and leaves other text alone', () => {
    expect(toSimplified('適合新手的護膚步驟')).toBe('适合新手的护肤步骤');
    expect(toSimplified('寵物狗糧推薦')).toBe('宠物狗粮推荐');
    expect(toSimplified('适合新手的护肤步骤')).toBe('适合新手的护肤步骤');
    expect(toSimplified('Latte art, 100%')).toBe('Latte art, 100%');
  });

  it('matches a Simplified keyword in Traditional text, and the other way round', () => {
    expect(containsKeyword('適合新手的護膚步驟', '护肤')).toBe(true);
    expect(containsKeyword('适合新手的护肤步骤', '護膚')).toBe(true);
    expect(containsKeyword('適合新手的護膚步驟', '咖啡')).toBe(false);
    expect(containsKeyword('home espresso', 'espresso')).toBe(true);
  });

  it('finds the niche of a Traditional brief', () => {
    expect(matchNiches('適合新手的護膚步驟')[0]?.niche.key).toBe('skincare');
  });

  it('the sandbox search answers a Traditional phrase with the niche’s reels', async () => {
    const provider = new SandboxVideoDataProvider({ renderer: null, slowDelayMs: 10 });
    const page = await provider.searchVideos('network_a', '適合新手 護膚步驟');
    expect(page.items.length).toBeGreaterThan(0);
  });
});
