/**
 * Numbers, money and dates in the studio's language (issue 9.1): one set of Intl formatters per
 * language, made once (Intl constructors are costly in long lists), re-rendered on a switch.
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
}

const cache = new Map<string, Formats>();

export function formatsFor(language: string): Formats {
  const known = cache.get(language);
  if (known) return known;
  const number = new Intl.NumberFormat(language);
  const date = new Intl.DateTimeFormat(language, { dateStyle: 'medium' });
  const dateTime = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
  const time = new Intl.DateTimeFormat(language, { timeStyle: 'medium' });
  const percent = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 0 });
  const money = new Map<string, Intl.NumberFormat | null>();
  const formats: Formats = {
    number: (n) => number.format(n),
    money: (amount, currency) => {
      if (!money.has(currency)) {
        try {
          money.set(currency, new Intl.NumberFormat(language, { style: 'currency', currency }));
        } catch {
          money.set(currency, null);
        }
      }
      return money.get(currency)?.format(amount) ?? `${amount.toFixed(2)} ${currency}`;
    },
    date: (d) => date.format(d),
    dateTime: (d) => dateTime.format(d),
    time: (d) => time.format(d),
    percent: (f) => percent.format(f),
  };
  cache.set(language, formats);
  return formats;
}

/** The formatters of the language the studio shows now. */
export function useFormats(): Formats {
  return formatsFor(useTranslation().i18n.language);
}
