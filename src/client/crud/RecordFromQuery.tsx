import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';

/** `…/contract?id=12`: the record a link elsewhere (the home page's inbox) asks the screen to open. */
const RECORD_QUERY_PARAM = 'id';

function parseRecordId(raw: string | null): number | null {
  if (raw === null || !/^\d+$/.test(raw.trim())) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * Opens the record named by `?id=` once per id reached: a re-render (or React's second effect run in development)
 * does not open it again after the clerk closed it; another id does.
 */
export function RecordFromQuery({ onOpen }: { onOpen: (id: number) => void }) {
  const [params] = useSearchParams();
  const id = parseRecordId(params.get(RECORD_QUERY_PARAM));
  const opened = useRef<number | null>(null);
  useEffect(() => {
    if (id === null || opened.current === id) return;
    opened.current = id;
    onOpen(id);
  }, [id, onOpen]);
  return null;
}
