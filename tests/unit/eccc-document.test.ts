/** Reading ECCC's marine forecast documents (server/weather/eccc-document.ts) from tests/fixtures/eccc/. */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

import { newestFileIn, readEcccDocument } from '../../server/weather/eccc-document';
import { parseXml } from '../../server/weather/xml-tree';

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/eccc');
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, `${name}.xml`), 'utf8');

describe('an ECCC marine forecast document', () => {
  it('gives each location its issue time, coverage, wind words and warnings in effect', () => {
    const reading = readEcccDocument(fixture('strait-of-georgia-gale'), 'm0000028');
    expect(reading).toEqual({
      ok: true,
      forecasts: [
        {
          area: 'Strait of Georgia - south of Nanaimo',
          siteCode: 'm0000028',
          issuedAt: '2025-12-14T05:30:00.000Z',
          periodOfCoverage: 'Tonight and Sunday.',
          wind: 'Wind southeast 10 to 20 knots increasing to southeast 20 to 30 late overnight then becoming southeast 25 to 35 early Sunday evening.',
          warnings: ['Gale warning'],
          extended: [],
        },
      ],
    });
  });

  it('reads a single-location area by its area name, and its extended forecast with wrapped lines joined', () => {
    const reading = readEcccDocument(fixture('howe-sound'), 'm0000102');
    if (!reading.ok) throw new Error(reading.problem);
    const [howe] = reading.forecasts;
    expect(howe?.area).toBe('Howe Sound');
    expect(howe?.warnings).toEqual([]);
    expect(howe?.extended.map((d) => d.day)).toEqual(['Saturday', 'Sunday', 'Monday']);
    expect(howe?.extended[0]?.text).toBe(
      'Wind northerly outflow 20 to 30 knots diminishing to northerly outflow 5 to 15 in the morning then increasing to northerly outflow 20 late in the day.',
    );
  });

  it('leaves out a warning that has ended', () => {
    const ended = fixture('haro-strait-strong-wind').replace('status="IN EFFECT"', 'status="ENDED"');
    const reading = readEcccDocument(ended, 'm0000064');
    expect(reading.ok && reading.forecasts[0]?.warnings).toEqual([]);
  });

  it('refuses what is not a marine forecast, with the reason', () => {
    expect(readEcccDocument(fixture('invalid'), 'm0000028')).toEqual({
      ok: false,
      problem: 'root element is <siteData>, not <marineData>',
    });
    expect(readEcccDocument('<marineData><area>', 'm0000028')).toMatchObject({ ok: false });
    const hostile = '<?xml version="1.0"?>\n<!DOCTYPE lolz [<!ENTITY a "aaaa">]>\n<marineData/>';
    expect(readEcccDocument(hostile, 'm0000028')).toEqual({
      ok: false,
      problem: 'not XML: a DOCTYPE or declaration is not accepted',
    });
  });

  it('decodes character references and refuses unknown entities', () => {
    expect(parseXml('<a x="1 &amp; 2">&lt;b&gt; &#233;</a>')).toMatchObject({
      attributes: { x: '1 & 2' },
      text: '<b> é',
    });
    expect(() => parseXml('<a>&bogus;</a>')).toThrow(/unknown entity/);
    expect(() => parseXml(`<a>${'<b/>'.repeat(30)}</a>`, 20)).toThrow(/more than 20 elements/);
  });
});

describe('a Datamart directory listing', () => {
  it("names the site's newest English file", () => {
    const listing = `
<a href="20250219T070026.074Z_MSC_MarineWeather_m0000028_en.xml">x</a>
<a href="20250219T101500.000Z_MSC_MarineWeather_m0000028_en.xml">x</a>
<a href="20250219T101500.000Z_MSC_MarineWeather_m0000028_fr.xml">x</a>
<a href="20250219T230000.000Z_MSC_MarineWeather_m0000064_en.xml">x</a>`;
    expect(newestFileIn(listing, 'm0000028')).toBe('20250219T101500.000Z_MSC_MarineWeather_m0000028_en.xml');
    expect(newestFileIn(listing, 'm0000102')).toBeUndefined();
  });
});
