import '@blueprintjs/datetime/lib/css/blueprint-datetime.css';
import { DateInput, TimePrecision, TimezoneUtils } from '@blueprintjs/datetime';
import enUS from 'date-fns/locale/en-US';
import zhCN from 'date-fns/locale/zh-CN';
import { useCallback, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  formatInstant, instantOfWallClock, MAX_YEAR, MIN_YEAR, parseCalendarDate, parseInstant, partsOf, wallClockOf, type CalendarDate,
} from '../../shared/time';
import { toLanguage } from '../crud/translator';
import { useTimeZone } from '../session/useTimeZone';
import {
  datePlaceholder, formatDateText, parseDateText, readingOfValue, valueOfReading, type DateKind, type WallReading,
} from './dateText';

export interface DateFieldProps {
  /** A day (`YYYY-MM-DD`), or a date-time: a wall time of the tenant's zone (`YYYY-MM-DDTHH:mm`, no offset). */
  kind?: DateKind;
  /** The value as the form holds it; text that is no date (typed, refused) is kept so that validation can say so. */
  value: string | null;
  /** The new value: a day or a wall time as above, null when emptied, or the typed text when it names no date. */
  onChange: (value: string | null) => void;
  id?: string;
  testId?: string;
  ariaLabel?: string;
  title?: string;
  disabled?: boolean;
  invalid?: boolean;
  fill?: boolean;
  autoFocus?: boolean;
  width?: number;
  /** The first and last day that may be chosen. */
  min?: CalendarDate;
  max?: CalendarDate;
}

const LOCALES = { 'zh-CN': zhCN, 'en-US': enUS } as const;
const FIRST_DAY: CalendarDate = `${MIN_YEAR}-01-01`;
const LAST_DAY: CalendarDate = `${MAX_YEAR}-12-31`;

// The picker carries the wall time it shows as a JavaScript Date whose browser-local fields read that wall time. These
// two functions are the only place the client reads the browser's zone: to hand such Dates to the picker and read
// them back, never to show or count a time.
const pickerZone = () => TimezoneUtils.getCurrentTimezone();
const pickerDateOf = (reading: WallReading) => new Date(instantOfWallClock({ ...reading, second: 0, millisecond: 0 }, pickerZone()));
const readingOfPickerDate = (date: Date): WallReading => wallClockOf(date.getTime(), pickerZone());
const pickerDayOf = (date: CalendarDate) => pickerDateOf({ ...partsOf(date), hour: 0, minute: 0 });

/** The picker's value: the day as ISO text, or the instant the tenant's wall clock shows with its offset. */
function pickerValueOf(reading: WallReading, kind: DateKind, zone: string): string {
  const wall = valueOfReading(reading, kind);
  return kind === 'date' ? wall : formatInstant(instantOfWallClock({ ...reading, second: 0, millisecond: 0 }, zone), zone);
}

/** The form value of what the picker chose (ISO text of its own, in the tenant's zone), or null. */
function valueOfPicker(iso: string, kind: DateKind, zone: string): string | null {
  if (kind === 'date') return parseCalendarDate(iso);
  const instant = parseInstant(iso, zone);
  return instant === null ? null : valueOfReading(wallClockOf(instant, zone), kind);
}

/**
 * The one date input of the product: Blueprint's DateInput, written and read the way the interface language writes
 * dates (i18next's language) whatever the browser's locale, with typing allowed and read strictly. A date-time is a wall time of the
 * tenant's zone, whatever the browser's.
 */
export function DateField(props: DateFieldProps) {
  const { kind = 'date', value, onChange, id, testId, ariaLabel, title, disabled, invalid, fill, autoFocus, width } = props;
  const { t, i18n } = useTranslation();
  const language = toLanguage(i18n.language);
  const zone = useTimeZone();
  const reading = readingOfValue(value, kind);
  const exact = reading ? pickerValueOf(reading, kind, zone) : null;
  // While the form holds text that is no date, the picker stays on the last date it held: its input keeps what was
  // typed and marks it invalid instead of emptying it.
  const [held, setHeld] = useState(exact);
  const holdsDate = reading !== null || !value;
  if (holdsDate && held !== exact) setHeld(exact);

  const formatDate = useCallback((date: Date) => formatDateText(readingOfPickerDate(date), kind, language), [kind, language]);
  const parseDate = useCallback((text: string) => {
    const typed = parseDateText(text, kind, language);
    return typed ? pickerDateOf(typed) : false;
  }, [kind, language]);
  const change = useCallback((iso: string | null) => onChange(iso === null ? null : valueOfPicker(iso, kind, zone)), [onChange, kind, zone]);
  const typed = useCallback((event: ChangeEvent<HTMLInputElement>) => {
    const text = event.currentTarget.value.trim();
    // A date the picker understood reached `change` already; an emptied input reached it as null.
    if (text !== '' && parseDateText(text, kind, language) === null) onChange(text);
  }, [onChange, kind, language]);

  const testAttributes = testId ? { 'data-testid': testId } : {};
  return (
    <DateInput
      value={holdsDate ? exact : held}
      onChange={change}
      timezone={zone}
      showTimezoneSelect={false}
      locale={LOCALES[language]}
      formatDate={formatDate}
      parseDate={parseDate}
      placeholder={datePlaceholder(kind, language)}
      invalidDateMessage={t('time.invalidDate')}
      outOfRangeMessage={t('time.outOfRange')}
      minDate={pickerDayOf(props.min ?? FIRST_DAY)}
      maxDate={pickerDayOf(props.max ?? LAST_DAY)}
      timePrecision={kind === 'datetime' ? TimePrecision.MINUTE : undefined}
      timePickerProps={kind === 'datetime' ? { useAmPm: language === 'en-US' } : undefined}
      closeOnSelection={kind === 'date'}
      disabled={disabled}
      fill={fill}
      popoverProps={{ placement: 'bottom-start' }}
      inputProps={{
        ...testAttributes, id, title, autoFocus, 'aria-label': ariaLabel, style: width ? { width } : undefined,
        ...(invalid ? { intent: 'danger' as const } : {}), onChange: typed,
      }}
    />
  );
}
