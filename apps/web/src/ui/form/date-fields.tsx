import '@mantine/dates/styles.css';
import 'dayjs/locale/pt';
import 'dayjs/locale/fr';
import {
  DAY_FIRST_DATE_FORMAT,
  DAY_FIRST_DATE_TIME_FORMAT,
  type Language,
  parseDayFirstDate,
} from '@excelencia/domain';
import {
  DateInput,
  type DateInputProps,
  DatesProvider,
  DateTimePicker,
  type DateTimePickerProps,
} from '@mantine/dates';
import type { ReactNode, Ref } from 'react';
import { useLanguage } from '../../lib/language-context.ts';
import { useTranslate } from '../use-translate.ts';
import type { InputBinding } from './fields.tsx';

/**
 * The date and date-time fields (Mantine dates, imported only by the screens that have such a field, so no other
 * page loads them): day first, 'DD/MM/YYYY' and 'DD/MM/YYYY HH:mm' (24 h) in the three languages, the calendar's
 * months and days in the page's language, weeks from Monday. A date field holds 'yyyy-mm-dd' ('' when empty) and
 * takes a typed '25/12/2026'; a date-time field holds Cabo Verde's wall clock 'yyyy-mm-dd HH:mm:ss', converted to
 * and from instants by the domain (portalDateTimeToIso, isoToPortalDateTime), never by the browser's time zone.
 */

type Bound<P> = Omit<P, 'value' | 'onChange' | 'error' | 'onFocus' | 'onBlur'> &
  InputBinding & {
    'data-testid'?: string;
    required?: boolean;
  };

/** Day-first dates in the page's language; the calendars' buttons named in it too. */
function DayFirst({ children }: { children: ReactNode }) {
  const language: Language = useLanguage();
  return (
    <DatesProvider settings={{ locale: language, firstDayOfWeek: 1, weekendDays: [0, 6] }}>
      {children}
    </DatesProvider>
  );
}

function useCalendarLabels() {
  const t = useTranslate();
  const key = (name: string) => t(`common:calendar.${name}`);
  return {
    previousMonth: key('previousMonth'),
    nextMonth: key('nextMonth'),
    previousYear: key('previousYear'),
    nextYear: key('nextYear'),
    previousDecade: key('previousDecade'),
    nextDecade: key('nextDecade'),
    monthLevelControl: key('monthLevelControl'),
    yearLevelControl: key('yearLevelControl'),
  };
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** A date typed or picked day first; the form's value is 'yyyy-mm-dd' or ''. */
export function DateField({
  value,
  onChange,
  onFocus,
  onBlur,
  error,
  required,
  clearable,
  ref,
  ...props
}: Bound<DateInputProps> & { ref?: Ref<HTMLInputElement> }) {
  const t = useTranslate();
  const ariaLabels = useCalendarLabels();
  const change = onChange as (value: string) => void;
  return (
    <DayFirst>
      <DateInput
        ref={ref}
        placeholder={t('common:datePlaceholder')}
        // 'DD/MM/YYYY'
        maxLength={10}
        {...(props as DateInputProps)}
        value={text(value) || null}
        onChange={(next) => change(next ?? '')}
        onFocus={onFocus as DateInputProps['onFocus']}
        onBlur={onBlur as DateInputProps['onBlur']}
        error={error as ReactNode}
        withAsterisk={required}
        aria-required={required || undefined}
        valueFormat={DAY_FIRST_DATE_FORMAT}
        dateParser={parseDayFirstDate}
        clearable={clearable}
        clearButtonProps={{ 'aria-label': t('common:clearDate') }}
        ariaLabels={ariaLabels}
      />
    </DayFirst>
  );
}

/** A date and time on Cabo Verde's clock; the form's value is 'yyyy-mm-dd HH:mm:ss' or ''. */
export function DateTimeField({
  value,
  onChange,
  onFocus,
  onBlur,
  error,
  required,
  ...props
}: Bound<DateTimePickerProps>) {
  const t = useTranslate();
  const ariaLabels = useCalendarLabels();
  const change = onChange as (value: string) => void;
  return (
    <DayFirst>
      <DateTimePicker
        placeholder={t('common:dateTimePlaceholder')}
        {...(props as DateTimePickerProps)}
        value={text(value) || null}
        onChange={(next) => change(typeof next === 'string' ? next : '')}
        onFocus={onFocus as DateTimePickerProps['onFocus']}
        onBlur={onBlur as DateTimePickerProps['onBlur']}
        error={error as ReactNode}
        // The picker's target is a button, which may not carry aria-required: the asterisk says it.
        withAsterisk={required}
        valueFormat={DAY_FIRST_DATE_TIME_FORMAT}
        submitButtonProps={{ 'aria-label': t('common:confirmDateTime') }}
        timePickerProps={{ hoursInputLabel: t('common:hours'), minutesInputLabel: t('common:minutes') }}
        ariaLabels={ariaLabels}
      />
    </DayFirst>
  );
}
