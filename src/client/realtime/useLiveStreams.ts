import { useEffect } from 'react';
import { useDispatch } from 'react-redux';
import { isLiveStream, type LiveStream } from '../../shared/live/events';
import { liveStreamsClosed, liveStreamsOpened } from './liveStreams';

/**
 * Declares the live streams a screen draws while it is mounted: the hub connection is subscribed to them (and to
 * those of every other open screen) until it unmounts. Raw `readings` only where a screen draws them: they are most
 * of the traffic.
 */
export function useLiveStreams(streams: readonly LiveStream[]): void {
  const dispatch = useDispatch();
  // Keyed by the names, so a list written inline does not re-subscribe on every render.
  const key = streams.join(',');
  useEffect(() => {
    const declared = key.split(',').filter(isLiveStream);
    dispatch(liveStreamsOpened(declared));
    return () => {
      dispatch(liveStreamsClosed(declared));
    };
  }, [dispatch, key]);
}
