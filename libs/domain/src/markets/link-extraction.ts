import { isAllowedVideoHost } from './video-hosts';

/**
 * Finds the link candidates in a pasted text: a bare link, or a share text that wraps one in
 * prose (`7.43 pda:/ 标题 https://v.douyin.com/LTwVOJ1S-mE/ 复制此链接，打开Dou音搜索…`).
 *
 * - The text is cut into tokens at whitespace, control characters and any non-ASCII character,
 *   so a link glued to Chinese text (`链接https://…复制`) comes out clean. A host written with
 *   look-alike Unicode letters is cut short and then fails the host allowlist.
 * - In a token, a candidate starts at the first `scheme://` (any scheme: the caller refuses the
 *   ones that are not http or https). Without a scheme, a token counts only when it starts with an
 *   allowlisted video host (`www.tiktok.com/@h/video/…`), so prose such as `e.g.` is not a link.
 * - Trailing sentence punctuation and closing brackets are dropped.
 *
 * Duplicates are removed; the order of first appearance is kept.
 */
export function extractLinkCandidates(text: string): string[] {
  const candidates: string[] = [];
  for (const token of text.split(/[^\x21-\x7e]+/)) {
    const candidate = candidateInToken(token);
    if (candidate !== undefined && !candidates.includes(candidate)) candidates.push(candidate);
  }
  return candidates;
}

const TRAILING_PUNCTUATION = /[.,;:!?'"()[\]{}<>]+$/;
const SCHEME_START = /[A-Za-z][A-Za-z0-9+.-]*:\/\//;
const BARE_HOST = /^[("'<[{]*((?:[A-Za-z0-9-]+\.)+[A-Za-z]{2,})(?=[/?#:]|$)/;

function candidateInToken(token: string): string | undefined {
  const schemeAt = token.search(SCHEME_START);
  let candidate: string | undefined;
  if (schemeAt >= 0) {
    candidate = token.slice(schemeAt);
  } else {
    const bare = BARE_HOST.exec(token);
    if (bare && isAllowedVideoHost(bare[1])) {
      candidate = `https://${token.slice(bare[0].length - bare[1].length)}`;
    }
  }
  if (candidate === undefined) return undefined;
  const trimmed = candidate.replace(TRAILING_PUNCTUATION, '');
  return trimmed === '' ? undefined : trimmed;
}
