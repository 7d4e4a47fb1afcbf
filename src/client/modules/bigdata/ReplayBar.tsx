import { Button, HTMLSelect, Slider, Tag } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import type { Translate } from '../../crud/types';
import { formatTime } from '../../time/display';
import { MARK_MS, REPLAY_SPEEDS, type ReplayTimeline } from './replay';

export interface ReplayClock {
  position: number;
  playing: boolean;
  speed: number;
  seek(at: number): void;
  setPlaying(playing: boolean): void;
  setSpeed(speed: number): void;
}

/**
 * The replay's clock: from the timeline's start, advanced every animation frame by the time gone by times the speed
 * while playing; `onEnd` when it reaches the end (the screen then returns to live).
 */
export function useReplayClock(timeline: ReplayTimeline | null, onEnd: () => void): ReplayClock {
  const [position, setPosition] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState<number>(10);
  useEffect(() => {
    if (!timeline) return;
    setPosition(timeline.start);
    setPlaying(true);
  }, [timeline]);
  useEffect(() => {
    if (!timeline || !playing) return undefined;
    let last = performance.now();
    let frame = requestAnimationFrame(function tick(now) {
      const elapsed = now - last;
      last = now;
      setPosition((p) => Math.min(timeline.end, p + elapsed * speed));
      frame = requestAnimationFrame(tick);
    });
    return () => cancelAnimationFrame(frame);
  }, [timeline, playing, speed]);
  useEffect(() => {
    if (timeline && playing && position >= timeline.end) onEnd();
  }, [timeline, playing, position, onEnd]);
  return { position, playing, speed, seek: setPosition, setPlaying, setSpeed };
}

interface ReplayBarProps {
  timeline: ReplayTimeline;
  clock: ReplayClock;
  truncated: boolean;
  /** The tenant's zone: the replay's times read its clock. */
  zone: string;
  onClose(): void;
  t: Translate;
}

/** Play or pause, seek to any minute, change the speed, or go back to live. */
export function ReplayBar({ timeline, clock, truncated, zone, onClose, t }: ReplayBarProps) {
  const minutes = Math.max(1, Math.ceil((timeline.end - timeline.start) / MARK_MS));
  const minute = Math.min(minutes, Math.floor((clock.position - timeline.start) / MARK_MS));
  return (
    <div className="bd-replay bp6-dark" data-testid="bd-replay">
      <Tag intent="warning" icon="history" data-testid="bd-replay-time">{t('bigdata.replayAt', { time: formatTime(clock.position, zone) })}</Tag>
      <Button
        icon={clock.playing ? 'pause' : 'play'} variant="minimal" aria-label={t(clock.playing ? 'bigdata.pause' : 'bigdata.play')}
        onClick={() => clock.setPlaying(!clock.playing)} data-testid="bd-replay-play"
      />
      <div className="bd-replay-slider">
        <Slider
          min={0} max={minutes} stepSize={1} labelStepSize={Math.max(1, Math.round(minutes / 6))} value={minute}
          labelRenderer={(m) => formatTime(timeline.start + m * MARK_MS, zone, 'minute')}
          onChange={(m) => clock.seek(timeline.start + m * MARK_MS)}
        />
      </div>
      <HTMLSelect
        value={clock.speed} aria-label={t('bigdata.speed')} data-testid="bd-replay-speed"
        onChange={(e) => clock.setSpeed(Number(e.currentTarget.value))}
        options={REPLAY_SPEEDS.map((s) => ({ value: s, label: `${s}×` }))}
      />
      {truncated && <span className="bd-muted">{t('bigdata.replayTruncated')}</span>}
      <Button icon="record" intent="primary" text={t('bigdata.backToLive')} onClick={onClose} data-testid="bd-replay-live" />
    </div>
  );
}
