'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { mediaUrl } from '../../lib/playground';
import {
  activeSegment,
  assignLanes,
  clock,
  downloadName,
  playbookMarkdown,
  spanPercent,
  timelineSeconds,
} from '../../lib/playground-results';
import type { Mode, PlaybookResult } from '../../lib/playground-types';
import { CopyButton } from '../ui/copy-button';
import { panelId, TabList, tabId } from '../ui/tabs';

type PlanTab = 'script' | 'shots' | 'editing' | 'more';

function downloadJson(value: unknown, name: string) {
  const blob = new Blob([`${JSON.stringify(value, null, 2)}\n`], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

/** A time that seeks the video when pressed. */
function Seek({ at, onSeek }: { at: number; onSeek: (seconds: number) => void }) {
  const t = useTranslations('playground.playbook');
  return (
    <button
      type="button"
      className="pg-time"
      onClick={() => onSeek(at)}
      aria-label={t('seekTo', { time: clock(at) })}
    >
      {clock(at)}
    </button>
  );
}

/** `Label: value`, the label in bold. */
function Labelled({ label, value }: { label: string; value: string }) {
  const t = useTranslations('playground');
  return (
    <>
      {t.rich('labelledStrong', {
        label,
        value,
        strong: (chunks: ReactNode) => <strong>{chunks}</strong>,
      })}
    </>
  );
}

function PlanPanel({
  tab,
  result,
  onSeek,
}: {
  tab: PlanTab;
  result: PlaybookResult;
  onSeek: (seconds: number) => void;
}) {
  const t = useTranslations('playground.playbook');
  const plan = result.playbook.playbook;
  switch (tab) {
    case 'script':
      return (
        <ol className="pg-script">
          {plan.script.map((beat, i) => (
            <li key={i}>
              <Seek at={beat.t} onSeek={onSeek} /> <span>{beat.line}</span>
            </li>
          ))}
        </ol>
      );
    case 'shots':
      return (
        <ol className="plain-list pg-shots">
          {plan.shotList.map((shot, i) => (
            <li key={i}>{shot}</li>
          ))}
        </ol>
      );
    case 'editing': {
      const guide = plan.editingGuide;
      const setup = plan.setup;
      return (
        <div className="two-columns">
          <div>
            <h4>{t('tabEditing')}</h4>
            <ul className="plain-list">
              <li>{t('cutEvery', { seconds: guide.cutEverySec })}</li>
              <li>
                <Labelled label={t('captions')} value={guide.captions} />
              </li>
              <li>
                <Labelled label={t('music')} value={guide.music} />
              </li>
              {guide.notes.map((note, i) => (
                <li key={i}>{note}</li>
              ))}
            </ul>
          </div>
          <div>
            <h4>{t('setup')}</h4>
            <dl className="settings-list">
              <dt>{t('camera')}</dt>
              <dd>{setup.camera}</dd>
              <dt>{t('lighting')}</dt>
              <dd>{setup.lighting}</dd>
              <dt>{t('audio')}</dt>
              <dd>{setup.audio}</dd>
              {setup.props.length ? (
                <>
                  <dt>{t('props')}</dt>
                  <dd>{setup.props.join(', ')}</dd>
                </>
              ) : null}
            </dl>
          </div>
        </div>
      );
    }
    default:
      return (
        <div className="two-columns">
          <div>
            <h4>{t('caption')}</h4>
            <p>{plan.caption}</p>
            <h4>{t('cta')}</h4>
            <p>{plan.cta}</p>
          </div>
          <div>
            {result.playbook.experiments.length ? (
              <>
                <h4>{t('experiments')}</h4>
                <ul className="plain-list">
                  {result.playbook.experiments.map((experiment, i) => (
                    <li key={i}>
                      <strong>{experiment.idea}</strong> {experiment.why}
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
            {result.playbook.caveats.length ? (
              <>
                <h4>{t('caveats')}</h4>
                <ul className="plain-list">
                  {result.playbook.caveats.map((caveat, i) => (
                    <li key={i}>{caveat}</li>
                  ))}
                </ul>
              </>
            ) : null}
          </div>
        </div>
      );
  }
}

/**
 * The playbook on its video: the video (our media route), the hook, the transcript following
 * playback, a timeline of the scenes (one frame each, from our frame route) and the on-screen
 * texts, and the remake plan in tabs; copy as Markdown, download as JSON.
 */
export function PlaybookResultView({
  result,
  jobId,
  mode,
}: {
  result: PlaybookResult;
  jobId: string;
  mode: Mode;
}) {
  const texts = useTranslations('playground');
  const t = useTranslations('playground.playbook');
  const doc = result.playbook;
  const video = useRef<HTMLVideoElement>(null);
  const transcriptBox = useRef<HTMLOListElement>(null);
  const [time, setTime] = useState(0);
  const [tab, setTab] = useState<PlanTab>('script');
  const tabsBase = `pg-plan-${useId().replace(/:/g, '')}`;
  const total = timelineSeconds(result);
  const segments = doc.transcript.segments;
  const active = activeSegment(segments, time);
  const activeScene = doc.scenes.findIndex((scene) => time >= scene.start && time < scene.end);
  const lanes = useMemo(() => assignLanes(doc.overlays), [doc.overlays]);
  const laneCount = lanes.length ? Math.max(...lanes) + 1 : 0;
  const markdown = useMemo(() => playbookMarkdown(result, texts), [result, texts]);

  // Keeps the spoken line in view inside the transcript box (never scrolls the page).
  useEffect(() => {
    const box = transcriptBox.current;
    const item = active >= 0 ? box?.children[active] : undefined;
    if (!box || !(item instanceof HTMLElement)) return;
    const top = item.offsetTop;
    const bottom = top + item.offsetHeight;
    if (top < box.scrollTop || bottom > box.scrollTop + box.clientHeight) {
      box.scrollTop = Math.max(0, top - box.clientHeight / 3);
    }
  }, [active]);

  /** "Play from {time}": jumps there and plays (a browser may refuse autoplay: then it waits). */
  function seek(seconds: number) {
    const element = video.current;
    if (element) {
      element.currentTime = seconds;
      void element.play().catch(() => undefined);
    }
    setTime(seconds);
  }

  const clippedNote =
    doc.overview.clipped && doc.overview.durationSec !== null
      ? t('clipped', {
          seconds: Math.round(doc.overview.analyzedSeconds),
          duration: Math.round(doc.overview.durationSec),
        })
      : null;

  return (
    <div className="pg-playbook" data-testid="pg-playbook">
      <div className="pg-pb-top">
        <div className="pg-video-box">
          <video
            ref={video}
            src={mediaUrl(jobId, mode, 'video')}
            poster={mediaUrl(jobId, mode, 'cover', 0)}
            controls
            playsInline
            preload="metadata"
            aria-label={t('videoLabel')}
            data-testid="pg-video"
            onTimeUpdate={(event) => setTime(event.currentTarget.currentTime)}
            onSeeked={(event) => setTime(event.currentTarget.currentTime)}
          >
            {t('noVideo')}
          </video>
        </div>
        <div className="pg-pb-side">
          <section aria-labelledby={`${tabsBase}-hook`} className="pg-hook">
            <h3 id={`${tabsBase}-hook`}>
              {t('hook')} <Seek at={doc.hook.start} onSeek={seek} />
            </h3>
            <blockquote data-testid="pg-hook">{doc.hook.text}</blockquote>
            <p className="small muted">
              <Labelled label={t('why')} value={doc.hook.why} />
            </p>
          </section>
          <section aria-labelledby={`${tabsBase}-transcript`}>
            <h3 id={`${tabsBase}-transcript`}>{t('transcript')}</h3>
            {segments.length ? (
              <ol className="pg-transcript" ref={transcriptBox} data-testid="pg-transcript">
                {segments.map((segment, i) => (
                  <li
                    key={i}
                    className={i === active ? 'active' : undefined}
                    aria-current={i === active ? 'true' : undefined}
                  >
                    <Seek at={segment.start} onSeek={seek} /> <span>{segment.text}</span>
                  </li>
                ))}
              </ol>
            ) : (
              <p className="muted small">{t('transcriptEmpty')}</p>
            )}
          </section>
        </div>
      </div>

      <section aria-labelledby={`${tabsBase}-timeline`} className="pg-timeline">
        <h3 id={`${tabsBase}-timeline`}>
          {t('timeline')}{' '}
          <span className="muted small">{t('sceneCount', { count: doc.scenes.length })}</span>
        </h3>
        {clippedNote ? <p className="small muted">{clippedNote}</p> : null}
        <div
          className="pg-track"
          role="img"
          aria-label={t('timelineLabel')}
          style={{ height: 28 + 22 * (laneCount + 1) }}
        >
          {doc.scenes.map((scene, i) => {
            const { left, width } = spanPercent(scene.start, scene.end, total);
            return (
              <span
                key={`s${i}`}
                className={`pg-track-scene${i === activeScene ? ' active' : ''}${i % 2 ? ' odd' : ''}`}
                style={{ left: `${left}%`, width: `${width}%` }}
                title={`${clock(scene.start)}–${clock(scene.end)} ${scene.description}`}
              >
                {i + 1}
              </span>
            );
          })}
          {(() => {
            const { left, width } = spanPercent(doc.hook.start, doc.hook.end, total);
            return (
              <span
                className="pg-track-hook"
                style={{ left: `${left}%`, width: `${width}%`, top: 28 }}
                title={doc.hook.text}
              >
                {t('hook')}
              </span>
            );
          })()}
          {doc.overlays.map((overlay, i) => {
            const { left, width } = spanPercent(overlay.start, overlay.end, total);
            return (
              <span
                key={`o${i}`}
                className="pg-track-overlay"
                style={{ left: `${left}%`, width: `${width}%`, top: 28 + 22 * (lanes[i] + 1) }}
                title={`${clock(overlay.start)}–${clock(overlay.end)} ${overlay.text}`}
              >
                {overlay.text}
              </span>
            );
          })}
          <span
            className="pg-playhead"
            style={{ left: `${Math.min(100, (time / total) * 100)}%` }}
            aria-hidden="true"
          />
        </div>
        <ol className="pg-scenes" data-testid="pg-scenes">
          {doc.scenes.map((scene, i) => (
            <li
              key={i}
              className={i === activeScene ? 'active' : undefined}
              aria-current={i === activeScene ? 'true' : undefined}
            >
              <button
                type="button"
                className="pg-scene"
                onClick={() => seek(scene.start)}
                aria-label={t('sceneLabel', {
                  n: i + 1,
                  start: clock(scene.start),
                  end: clock(scene.end),
                  description: scene.description,
                })}
              >
                <span className="pg-frame">
                  <img
                    src={mediaUrl(jobId, mode, 'frame', i)}
                    alt={t('frameAlt', { n: i + 1 })}
                    width={144}
                    height={256}
                    decoding="async"
                    data-testid="pg-frame"
                  />
                </span>
                <span className="pg-scene-time small">
                  {clock(scene.start)}–{clock(scene.end)}
                </span>
              </button>
              <p className="small pg-scene-text">{scene.description}</p>
            </li>
          ))}
        </ol>
        {doc.overlays.length ? (
          <>
            <h4>{t('overlays')}</h4>
            <ul className="pg-overlays small">
              {doc.overlays.map((overlay, i) => (
                <li key={i}>
                  <Seek at={overlay.start} onSeek={seek} /> {overlay.text}
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </section>

      <section className="two-columns pg-overview">
        <div>
          <h3>{t('overview')}</h3>
          <p>{doc.overview.summary}</p>
          <p className="small muted">{doc.overview.audience}</p>
        </div>
        <div>
          <h3>{texts('labelled', { label: t('format'), value: doc.format.name })}</h3>
          <p>{doc.format.description}</p>
          <p className="small muted">
            {t('pacing', {
              rhythm: doc.pacing.rhythm,
              cuts: doc.pacing.cutsPerMinute,
              average: doc.pacing.averageSceneSec,
            })}
          </p>
        </div>
      </section>

      <section className="pg-plan">
        <TabList
          base={tabsBase}
          label={t('tabsLabel')}
          items={[
            { key: 'script', label: t('tabScript') },
            { key: 'shots', label: t('tabShots') },
            { key: 'editing', label: t('tabEditing') },
            { key: 'more', label: t('tabMore') },
          ]}
          selected={tab}
          onSelect={setTab}
        />
        <div
          role="tabpanel"
          id={panelId(tabsBase, tab)}
          aria-labelledby={tabId(tabsBase, tab)}
          tabIndex={0}
          className="pg-tabpanel"
        >
          <PlanPanel tab={tab} result={result} onSeek={seek} />
        </div>
      </section>

      <div className="actions">
        <CopyButton text={markdown} label={t('copyMarkdown')} />
        <button
          type="button"
          className="button secondary"
          onClick={() => downloadJson(result, downloadName('playbook', result.reel.id, 'json'))}
        >
          {t('downloadJson')}
        </button>
        <a
          className="button secondary"
          href={result.reel.url}
          target="_blank"
          rel="noopener noreferrer"
        >
          {t('openOriginal')} ↗
        </a>
      </div>
    </div>
  );
}
