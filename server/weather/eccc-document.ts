/**
 * Reading one ECCC marine forecast document (MSC Datamart, `…_MSC_MarineWeather_{siteCode}_en.xml`;
 * docs/feed.md "Weather"; tests/fixtures/eccc/README.md for the shape and where it is known from):
 *
 *   <marineData>
 *     <dateTime name="xmlCreation" zone="UTC"> <timeStamp>…</timeStamp> or year/month/day/hour/minute
 *     <area region="Pacific Coast" subRegion="Georgia Basin">Strait of Georgia</area>
 *     <warnings> <location name="Strait of Georgia - south of Nanaimo">
 *                  <event name="Gale warning" status="IN EFFECT" category="…"> …
 *     <regularForecast> <dateTime name="Issued" zone="UTC">…
 *       <location name="…"> <weatherCondition> <periodOfCoverage/> <wind/> <weatherVisibility/>
 *     <extendedForecast> <location [name]> <weatherCondition> <forecastPeriod name="Thursday">…
 *
 * A location without a name is the whole area (single-location areas such as Howe Sound). An
 * unnamed extended-forecast location covers every location of the document. Warnings whose status
 * is ENDED are left out. Anything else (no area, no issue time, no location with a wind sentence) is
 * not a forecast and is refused with the reason.
 */
import type { MarineAreaForecast } from '@/domain/weather-risk';

import { child, childrenNamed, parseXml, textOf, XmlError, type XmlElement } from './xml-tree';

export type EcccReading = { ok: true; forecasts: MarineAreaForecast[] } | { ok: false; problem: string };

/** A `dateTime` element as an instant: its `timeStamp` (YYYYMMDDHHmm[ss]) or its parts, in UTC. */
export function instantOf(dateTime: XmlElement | undefined): number | undefined {
  if (!dateTime) return undefined;
  const stamp = textOf(child(dateTime, 'timeStamp'));
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})?$/.exec(stamp);
  const offsetHours = Number(dateTime.attributes.UTCOffset ?? 0) || 0;
  const parts = m
    ? m.slice(1, 7).map((p) => Number(p ?? 0))
    : ['year', 'month', 'day', 'hour', 'minute'].map((k) => Number(textOf(child(dateTime, k)) || NaN));
  const [year, month, day, hour, minute, second] = parts;
  if ([year, month, day, hour, minute].some((v) => v === undefined || !Number.isFinite(v))) return undefined;
  const utc = Date.UTC(year as number, (month as number) - 1, day, hour, minute, second ?? 0);
  return Number.isFinite(utc) ? utc - offsetHours * 3_600_000 : undefined;
}

function utcDateTime(parent: XmlElement | undefined, name: string): number | undefined {
  const all = childrenNamed(parent, 'dateTime').filter((d) => d.attributes.name === name);
  return instantOf(all.find((d) => d.attributes.zone === 'UTC') ?? all[0]);
}

export function readEcccDocument(xml: string, siteCode: string): EcccReading {
  let root: XmlElement;
  try {
    root = parseXml(xml);
  } catch (error) {
    return { ok: false, problem: error instanceof XmlError ? `not XML: ${error.message}` : 'not XML' };
  }
  if (root.name !== 'marineData') return { ok: false, problem: `root element is <${root.name}>, not <marineData>` };
  const areaName = textOf(child(root, 'area'));
  if (!areaName) return { ok: false, problem: 'no <area>' };
  const regular = child(root, 'regularForecast');
  const issuedAt = utcDateTime(regular, 'Issued') ?? utcDateTime(root, 'xmlCreation');
  if (issuedAt === undefined) return { ok: false, problem: 'no issue time' };

  const warningsByLocation = new Map<string, string[]>();
  for (const location of childrenNamed(child(root, 'warnings'), 'location')) {
    const name = location.attributes.name?.trim() || areaName;
    const events = childrenNamed(location, 'event')
      .filter((e) => (e.attributes.status ?? '').trim().toUpperCase() !== 'ENDED')
      .map((e) => (e.attributes.name ?? '').trim())
      .filter(Boolean);
    warningsByLocation.set(name, [...(warningsByLocation.get(name) ?? []), ...events]);
  }

  const extendedByLocation = new Map<string, Array<{ day: string; text: string }>>();
  for (const location of childrenNamed(child(root, 'extendedForecast'), 'location')) {
    const name = location.attributes.name?.trim() ?? '';
    const days = childrenNamed(child(location, 'weatherCondition'), 'forecastPeriod')
      .map((p) => ({ day: (p.attributes.name ?? '').trim(), text: textOf(p) }))
      .filter((d) => d.day && d.text);
    extendedByLocation.set(name, days);
  }

  const forecasts: MarineAreaForecast[] = [];
  for (const location of childrenNamed(regular, 'location')) {
    const name = location.attributes.name?.trim() || areaName;
    const condition = child(location, 'weatherCondition');
    const wind = textOf(child(condition, 'wind'));
    if (!wind) continue;
    forecasts.push({
      area: name,
      siteCode,
      issuedAt: new Date(issuedAt).toISOString(),
      periodOfCoverage: textOf(child(condition, 'periodOfCoverage')),
      wind,
      warnings: warningsByLocation.get(name) ?? [],
      extended: extendedByLocation.get(name) ?? extendedByLocation.get('') ?? [],
    });
  }
  if (forecasts.length === 0) return { ok: false, problem: 'no location with a wind forecast' };
  return { ok: true, forecasts };
}

/** The newest English file for `siteCode` a Datamart directory listing links to, if any. */
export function newestFileIn(listing: string, siteCode: string): string | undefined {
  const pattern = new RegExp(`href="(\\d{8}T\\d{6}(?:\\.\\d{1,3})?Z_MSC_MarineWeather_${siteCode}_en\\.xml)"`, 'g');
  const names = [...listing.matchAll(pattern)].map((m) => m[1] as string);
  return names.sort().at(-1);
}
