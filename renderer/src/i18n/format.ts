/**
 * Numbers, money and dates in the studio's language (docs/house-rules.md, "Languages"): one set of
 * Intl formatters per language, each made once and only when first needed (Intl constructors are
 * costly), re-rendered on a switch.
 */
import { useTranslation } from 'react-i18next';

export interface Formats {
  number(n: number): string;
  /** An amount in a currency code from the gateway (CNY…); an unknown code is shown plainly. */
  money(amount: number, currency: string): string;
  date(ms: number | Date): string;
  dateTime(ms: number | Date): string;
  time(ms: number | Date): string;
  /** A share of 1 (0.5 → 50%). */
  percent(fraction: number): string;
  /** A price as the gateway reported it, to six decimals (a job may cost ¥0.0025); an unknown code plainly. */
  cost(amount: number, currency: string): string;
  /** A number with exactly `digits` decimals (2.0 MB, 3.5 s). */
  fixed(n: number, digits: number): string;
  /** Hours and minutes only (a list's "today at"). */
  clock(ms: number | Date): string;
  /** Month and day, no year (a list's recent dates). */
  monthDay(ms: number | Date): string;
  /** A span of time in its two largest units, compact enough for a row: 4s, 2m 05s, 3h 12m, 2d 5h. */
  duration(ms: number): string;
}

const cache = new Map<string, Formats>();

/**
 * Made on first use: an Intl constructor loads locale data and costs milliseconds, and most
 * screens need two or three of these, so building all of them up front cost start-up its
 * largest share (bench/startup.ts).
 */
const once = <T>(make: () => T): (() => T) => {
  let made: T | undefined;
  return () => (made ??= make());
};

/** Formatters keyed by a currency or a digit count; `null` remembers a code Intl refuses. */
function keyed<K>(make: (key: K) => Intl.NumberFormat): (key: K) => Intl.NumberFormat | null {
  const made = new Map<K, Intl.NumberFormat | null>();
  return (key) => {
    if (!made.has(key)) {
      try {
        made.set(key, make(key));
      } catch {
        made.set(key, null);
      }
    }
    return made.get(key)!;
  };
}

export function formatsFor(language: string): Formats {
  const known = cache.get(language);
  if (known) return known;
  const number = once(() => new Intl.NumberFormat(language));
  const date = once(() => new Intl.DateTimeFormat(language, { dateStyle: 'medium' }));
  const dateTime = once(() => new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }));
  const time = once(() => new Intl.DateTimeFormat(language, { timeStyle: 'medium' }));
  const percent = once(() => new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 0 }));
  const clock = once(() => new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit' }));
  const monthDay = once(() => new Intl.DateTimeFormat(language, { month: 'short', day: 'numeric' }));
  const money = keyed((currency: string) => new Intl.NumberFormat(language, { style: 'currency', currency }));
  const cost = keyed((currency: string) => new Intl.NumberFormat(language, { style: 'currency', currency, maximumFractionDigits: 6 }));
  const fixed = keyed((digits: number) => new Intl.NumberFormat(language, { minimumFractionDigits: digits, maximumFractionDigits: digits }));
  const duration = once(() => durationFormat(language));
  const formats: Formats = {
    number: (n) => number().format(n),
    money: (amount, currency) => money(currency)?.format(amount) ?? `${amount.toFixed(2)} ${currency}`,
    date: (d) => date().format(d),
    dateTime: (d) => dateTime().format(d),
    time: (d) => time().format(d),
    percent: (f) => percent().format(f),
    cost: (amount, currency) => cost(currency)?.format(amount) ?? `${amount} ${currency}`,
    fixed: (n, digits) => fixed(digits)!.format(n),
    clock: (d) => clock().format(d),
    monthDay: (d) => monthDay().format(d),
    duration: (ms) => duration()(ms),
  };
  cache.set(language, formats);
  return formats;
}

/** Narrow units joined as the language joins them ("2m 05s", "2分钟05秒"), the smaller unit padded to two digits. */
function durationFormat(language: string): (ms: number) => string {
  const unit = (name: string, pad = 1) => new Intl.NumberFormat(language, { style: 'unit', unit: name, unitDisplay: 'narrow', minimumIntegerDigits: pad });
  const [sec, min, hour, day, sec2, min2] = [unit('second'), unit('minute'), unit('hour'), unit('day'), unit('second', 2), unit('minute', 2)];
  const list = new Intl.ListFormat(language, { type: 'unit', style: 'narrow' });
  return (ms) => {
    const s = Math.max(0, Math.floor(ms / 1000));
    const m = Math.floor(s / 60);
    const h = Math.floor(m / 60);
    if (s < 60) return sec.format(s);
    if (m < 60) return list.format([min.format(m), sec2.format(s % 60)]);
    if (h < 48) return list.format([hour.format(h), min2.format(m % 60)]);
    return list.format([day.format(Math.floor(h / 24)), hour.format(h % 24)]);
  };
}

/** The formatters of the language the studio shows now. */
export function useFormats(): Formats {
  return formatsFor(useTranslation().i18n.language);
}
