import type { LiveEvent } from '../../../shared/live/events';
import { parseInstant } from '../../../shared/time';
import { foldEvents, unfoldEvents, type ScreenFigures } from './fold';

/**
 * A replay: the last stretch of the event log played through the same figures the live screen folds. It starts from
 * the live figures with the window's events taken back out, and keeps the figures at every whole minute, so seeking
 * anywhere costs at most a minute of events.
 */
export interface ReplayTimeline {
  /** Oldest first. */
  events: LiveEvent[];
  /** Each event's time, epoch ms of the clock that stamped it. */
  times: number[];
  start: number;
  end: number;
  /** marks[m]: the figures at start + m minutes, with the first `marks[m].count` events folded. */
  marks: { figures: ScreenFigures; count: number }[];
}

export const MARK_MS = 60_000;

export function buildTimeline(live: ScreenFigures, events: LiveEvent[], start: number, end: number): ReplayTimeline {
  // Seq order is time order (the log stamps events as it numbers them); a stamp out of step is held at its
  // predecessor's, so the timeline never runs backwards.
  const times: number[] = [];
  for (const event of events) times.push(Math.max(times[times.length - 1] ?? start, parseInstant(event.at, live.zone) ?? start));
  const marks: { figures: ScreenFigures; count: number }[] = [];
  let figures = unfoldEvents(live, events);
  let count = 0;
  for (let at = start; at <= end + MARK_MS - 1; at += MARK_MS) {
    let upTo = count;
    while (upTo < events.length && times[upTo] <= at) upTo += 1;
    figures = foldEvents(figures, events.slice(count, upTo));
    count = upTo;
    marks.push({ figures, count });
  }
  return { events, times, start, end, marks };
}

/** The figures as they stood at `at` (clamped to the timeline). */
export function figuresAt(timeline: ReplayTimeline, at: number): ScreenFigures {
  const clamped = Math.min(timeline.end, Math.max(timeline.start, at));
  const mark = timeline.marks[Math.min(timeline.marks.length - 1, Math.floor((clamped - timeline.start) / MARK_MS))];
  let upTo = mark.count;
  while (upTo < timeline.events.length && timeline.times[upTo] <= clamped) upTo += 1;
  return foldEvents(mark.figures, timeline.events.slice(mark.count, upTo));
}

/** Speeds the replay offers: real time up to an hour a minute. */
export const REPLAY_SPEEDS = [1, 5, 10, 30, 60] as const;
