import { sandboxCatalogue } from './sandbox-catalogue';
import { SANDBOX_LATE_REEL } from './sandbox-late-reel';
import { SandboxVideoDataProvider } from './sandbox-video-data.provider';

describe('the sandbox late reel', () => {
  const at = (iso: string) => () => new Date(iso);
  const ids = async (now: () => Date) => {
    const provider = new SandboxVideoDataProvider({ renderer: null, slowDelayMs: 1, now });
    return (await provider.searchVideos('network_a', 'houseplants')).items.map((post) => post.id);
  };

  it('is in its niche’s results only from 12:00 UTC to midnight, leading them', async () => {
    const morning = await ids(at('2026-03-01T11:59:59Z'));
    const noon = await ids(at('2026-03-01T12:00:00Z'));
    expect(morning).not.toContain(SANDBOX_LATE_REEL.id);
    expect(noon[0]).toBe(SANDBOX_LATE_REEL.id);
    // The rest of the page is the morning's page shifted by one.
    expect(noon.slice(1)).toEqual(morning.slice(0, morning.length - 1));
    expect(await ids(at('2026-03-02T00:00:00Z'))).not.toContain(SANDBOX_LATE_REEL.id);
  });

  it('has more plays than any reel of its niche, and other niches never see it', async () => {
    const provider = new SandboxVideoDataProvider({
      renderer: null,
      slowDelayMs: 1,
      now: at('2026-03-01T15:00:00Z'),
    });
    const [late] = (await provider.searchVideos('network_a', 'houseplants')).items;
    const niche = sandboxCatalogue()
      .reels('network_a')
      .filter((reel) => reel.niche === SANDBOX_LATE_REEL.niche);
    expect(late.stats.playCount).toBeGreaterThan(Math.max(...niche.map((r) => r.playCount)));
    const coffee = (await provider.searchVideos('network_a', 'coffee')).items;
    expect(coffee.map((post) => post.id)).not.toContain(SANDBOX_LATE_REEL.id);
  });
});
