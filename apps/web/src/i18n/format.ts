import { i18n } from './i18n';

// Numbers, dates and percentages as the reader's language writes them (Intl).

export const formatNumber = (value: number, digits = 0) =>
  i18n.number(value, { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** 0.25 -> "25%" / "25 %". */
export const formatPercent = (ratio: number) =>
  i18n.number(ratio, { style: 'percent', maximumFractionDigits: 0 });

export const formatDate = (iso: string) => i18n.date(new Date(iso), { dateStyle: 'medium' });

/** Grams as the scale shows them: a whole number ("1,234 g" / "1.234 g"). */
export const formatGrams = (grams: number) => `${formatNumber(Math.round(grams))} g`;

/** A rating: whole, never grouped ("1834", as players say it). */
export const formatElo = (elo: number) =>
  i18n.number(elo, { maximumFractionDigits: 0, useGrouping: false });

export const formatDateTime = (iso: string) =>
  i18n.date(new Date(iso), { dateStyle: 'medium', timeStyle: 'short' });
