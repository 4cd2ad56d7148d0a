'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { useId } from 'react';
import { mediaUrl } from '../../lib/playground';
import {
  COMPACT_NUMBER,
  fitBars,
  GROWTH_PERCENT,
  percent,
  sparklinePoints,
  trendSeries,
} from '../../lib/playground-results';
import type { Mode, MusicResult, SoundSuggestion } from '../../lib/playground-types';
import { Badge } from '../ui/badge';

const SPARK_W = 120;
const SPARK_H = 32;

/** The sound's usage trajectory as an inline SVG line, with its reading in words. */
function Sparkline({ sound }: { sound: SoundSuggestion }) {
  const t = useTranslations('playground.music');
  const format = useFormatter();
  const { trend } = sound;
  const series = trendSeries(trend);
  const direction = t(`directions.${trend.direction}`);
  const words = [
    direction,
    trend.growth !== null
      ? t('growth', { growth: format.number(trend.growth, GROWTH_PERCENT) })
      : null,
    trend.usageCount !== null
      ? t('usage', {
          n: trend.usageCount,
          count: format.number(trend.usageCount, COMPACT_NUMBER),
        })
      : null,
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <div className="pg-trend">
      <span className="small muted">{t('trend')}</span>
      {series ? (
        <svg
          className={`pg-spark pg-spark-${trend.direction}`}
          viewBox={`0 0 ${SPARK_W} ${SPARK_H}`}
          width={SPARK_W}
          height={SPARK_H}
          role="img"
          aria-label={t('trendLabel', { direction: words })}
          data-testid="pg-sparkline"
        >
          <polyline points={sparklinePoints(series, SPARK_W, SPARK_H)} fill="none" />
        </svg>
      ) : (
        <span className="small muted">{t('noTrend')}</span>
      )}
      <span className="small">{words}</span>
    </div>
  );
}

function CommercialBadge({ sound }: { sound: SoundSuggestion }) {
  const t = useTranslations('playground.music');
  const flag = sound.commercial.inCommercialLibrary;
  return (
    <>
      <Badge tone={flag ? 'ok' : flag === false ? 'warn' : 'neutral'}>
        {flag ? t('commercial') : flag === false ? t('notCommercial') : t('commercialUnknown')}
      </Badge>
      {sound.commercial.originalSound ? <Badge tone="neutral">{t('original')}</Badge> : null}
    </>
  );
}

function SoundItem({
  sound,
  index,
  jobId,
  mode,
}: {
  sound: SoundSuggestion;
  index: number;
  jobId: string;
  mode: Mode;
}) {
  const t = useTranslations('playground.music');
  const title = sound.title ?? t('untitled');
  const headingId = useId();
  const bars = fitBars(sound.fit);
  const vibe = sound.vibe;
  return (
    <li className="pg-sound" data-testid="pg-sound" data-index={index} aria-labelledby={headingId}>
      <div className="pg-sound-head">
        <span className="pg-sound-rank" aria-hidden="true">
          {index + 1}
        </span>
        <div className="pg-sound-title">
          <h3 id={headingId}>
            <span className="sr-only">{index + 1}. </span>
            {title}
          </h3>
          <p className="small muted">
            {sound.author ?? t('unknownAuthor')}
            {sound.durationSec !== null && sound.shootDurationSec !== null
              ? ` · ${t('length', {
                  duration: Math.round(sound.durationSec),
                  usable: Math.round(sound.shootDurationSec),
                })}`
              : null}
          </p>
          <p className="pg-badges">
            <CommercialBadge sound={sound} />
          </p>
        </div>
        <p className="pg-sound-score">
          <strong>{t('finalScore', { score: percent(sound.finalScore) })}</strong>
        </p>
      </div>
      {sound.previewUrl ? (
        <audio
          className="pg-audio"
          controls
          preload="metadata"
          src={mediaUrl(jobId, mode, 'audio', index)}
          aria-label={t('preview', { title })}
          data-testid="pg-audio"
        />
      ) : (
        <p className="small muted pg-audio-missing">{t('noPreview')}</p>
      )}
      <div className="pg-sound-body">
        <div>
          <p className="small">
            <strong>{t('fit', { score: percent(sound.fit.score) })}</strong> {sound.fit.why}
          </p>
          {bars.length ? (
            <dl className="pg-fit" aria-label={t('fitLabel')}>
              {bars.map((bar) => (
                <div key={bar.part}>
                  <dt>{t(`parts.${bar.part}`)}</dt>
                  <dd>
                    <span className="pg-bar" aria-hidden="true">
                      <span style={{ width: `${bar.percent}%` }} />
                    </span>
                    <span className="pg-fit-value">{bar.percent}</span>
                  </dd>
                </div>
              ))}
            </dl>
          ) : null}
        </div>
        <div>
          {vibe ? (
            <p className="small">
              {vibe.tempoBpm !== null
                ? t('vibe', {
                    bpm: Math.round(vibe.tempoBpm),
                    mood: vibe.mood,
                    energy: percent(vibe.energy),
                  })
                : t('vibeNoTempo', { mood: vibe.mood, energy: percent(vibe.energy) })}
            </p>
          ) : null}
          <Sparkline sound={sound} />
          {sound.warnings.length ? (
            <ul className="small pg-warnings" aria-label={t('warnings')}>
              {sound.warnings.map((warning, i) => (
                <li key={i}>{warning}</li>
              ))}
            </ul>
          ) : null}
          <a
            className="button secondary small"
            href={sound.tiktokUrl}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t('openLabel', { title })}
          >
            {t('open')} ↗
          </a>
        </div>
      </div>
    </li>
  );
}

/** The sounds, best fit first: a preview player each, the fit's breakdown and the trend. */
export function MusicResultView({
  result,
  jobId,
  mode,
}: {
  result: MusicResult;
  jobId: string;
  mode: Mode;
}) {
  const t = useTranslations('playground.music');
  if (result.suggestions.length === 0) {
    return (
      <>
        <p className="muted">{t('empty')}</p>
        {result.notes.length ? (
          <ul className="small muted plain-list">
            {result.notes.map((note, i) => (
              <li key={i}>{note}</li>
            ))}
          </ul>
        ) : null}
      </>
    );
  }
  return (
    <>
      <p data-testid="pg-music-summary">
        {t('summary', { count: result.suggestions.length, considered: result.considered })}
      </p>
      <ol className="pg-sounds" data-testid="pg-sounds">
        {result.suggestions.map((sound, i) => (
          <SoundItem key={sound.soundId} sound={sound} index={i} jobId={jobId} mode={mode} />
        ))}
      </ol>
      {result.notes.length ? (
        <>
          <h3>{t('notes')}</h3>
          <ul className="small muted plain-list">
            {result.notes.map((note, i) => (
              <li key={i}>{note}</li>
            ))}
          </ul>
        </>
      ) : null}
    </>
  );
}
