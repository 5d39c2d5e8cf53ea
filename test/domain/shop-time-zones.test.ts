/**
 * The shop clock against the zone data (TIME-1): the tables the server sends (server/src/time-zone.ts,
 * read from Node's zone data) give the zone's own offset at every instant, and the domain's wall time
 * ↔ instant round trip is the identity — over two years for each demo zone and Sydney, hourly at a
 * seeded minute of each hour, and at every minute within 3 hours of each change.
 */
import { instantsAt, offsetAt, wallOf, type ZoneOffsets } from '../../src/domain/shop-time';
import { canonicalTimeZone, intlOffset, zoneOffsetsAround, withShopZone } from '../../server/src/time-zone';
import { seededRandom, seedFrom } from '../support/seeded';
import { PARIS, SYDNEY } from '../support/zones';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const FROM = Date.UTC(2026, 0, 1);
const TO = Date.UTC(2028, 0, 1);
/** The demo shops' zones (restaurant, retail, beauty, branch: Shanghai and Singapore; the Paris shop) and a southern one. */
const ZONES = ['Asia/Shanghai', 'Asia/Singapore', 'Europe/Paris', 'Australia/Sydney'];

const seed = seedFrom('ZONE_SEED', 'shop-time property');

/** Checks one instant: the table's offset is the zone's, and its wall minute maps back to it. */
function roundTrip(table: ZoneOffsets, timeZone: string, at: number): string | null {
  const zoneOffset = intlOffset(timeZone, at);
  const tableOffset = offsetAt(table, at);
  if (tableOffset !== zoneOffset) return `${timeZone} ${new Date(at).toISOString()}: table ${tableOffset}, zone ${zoneOffset}`;
  const w = wallOf(at, table);
  const minuteStart = at - (at % MINUTE);
  const back = instantsAt(table, w, w.minute);
  if (!back.includes(minuteStart)) return `${timeZone} ${new Date(at).toISOString()}: wall ${w.date} ${w.minute} maps to ${back.map((b) => new Date(b).toISOString())}`;
  for (const b of back) {
    const again = wallOf(b, table);
    if (again.date !== w.date || again.minute !== w.minute) return `${timeZone}: ${new Date(b).toISOString()} reads ${again.date} ${again.minute}`;
  }
  return null;
}

describe.each(ZONES)('%s', (timeZone) => {
  const table = zoneOffsetsAround(timeZone, Date.UTC(2027, 0, 1));

  it('agrees with the zone data and round-trips every hour of two years (seeded minute in each hour)', () => {
    const random = seededRandom(seed);
    const failures: string[] = [];
    for (let hour = FROM; hour < TO; hour += HOUR) {
      const at = hour + Math.floor(random() * HOUR);
      const f = roundTrip(table, timeZone, at);
      if (f) failures.push(f);
    }
    expect(failures.slice(0, 5)).toEqual([]);
  });

  it('round-trips every minute within 3 hours of each change; wall minutes in a gap have no instant, in a fold two', () => {
    const failures: string[] = [];
    const changes = table.changes.filter(([at]) => at >= FROM && at < TO);
    for (const [change, after] of changes) {
      for (let at = change - 3 * HOUR; at <= change + 3 * HOUR; at += MINUTE) {
        const f = roundTrip(table, timeZone, at);
        if (f) failures.push(f);
      }
      const before = offsetAt(table, change - 1);
      const jump = after - before;
      // the wall minutes around the change, and how many instants each has
      const w = wallOf(change, table);
      const day = { year: w.year, month: w.month, day: w.day };
      const wallAtChange = w.minute;
      for (let m = wallAtChange - 180; m <= wallAtChange + 180; m += 1) {
        const count = instantsAt(table, day, m).length;
        // spring (jump > 0): the `jump` minutes before the wall time at the change are skipped;
        // autumn (jump < 0): the |jump| minutes from the wall time at the change happen twice
        const expected = jump > 0 ? (m >= wallAtChange - jump && m < wallAtChange ? 0 : 1) : m >= wallAtChange && m < wallAtChange - jump ? 2 : 1;
        if (count !== expected) failures.push(`${timeZone} ${w.date} wall minute ${m}: ${count} instants, expected ${expected}`);
      }
    }
    expect(failures.slice(0, 5)).toEqual([]);
    // Paris and Sydney change twice a year; Shanghai and Singapore never
    expect(changes.length).toBe(timeZone === 'Europe/Paris' || timeZone === 'Australia/Sydney' ? 4 : 0);
  });
});

describe('the tables the server sends', () => {
  it('match the hand-written Paris and Sydney tables of test/support/zones.ts for 2026–2027', () => {
    const inRange = (t: ZoneOffsets) => t.changes.filter(([at]) => at >= FROM && at < TO);
    expect(inRange(zoneOffsetsAround('Europe/Paris', Date.UTC(2027, 5, 1)))).toEqual(PARIS.changes);
    expect(inRange(zoneOffsetsAround('Australia/Sydney', Date.UTC(2027, 5, 1)))).toEqual(SYDNEY.changes);
  });

  it('cover two years back and three ahead, within the contract (64 changes at most)', () => {
    const t = zoneOffsetsAround('Europe/Paris', Date.UTC(2027, 5, 1));
    // 2025 … 2029: two changes a year
    expect(t.changes.length).toBe(10);
    expect(new Date(t.changes[0][0]).toISOString()).toBe('2025-03-30T01:00:00.000Z');
    expect(new Date(t.changes[9][0]).toISOString()).toBe('2029-10-28T01:00:00.000Z');
  });

  it('know zones by name and refuse unknown ones', () => {
    expect(canonicalTimeZone('Europe/Paris')).toBe('Europe/Paris');
    expect(canonicalTimeZone('Mars/Olympus')).toBeNull();
    expect(canonicalTimeZone('')).toBeNull();
  });

  it('derive utcOffsetMinutes from the zone, and drop a stored table', () => {
    const winter = withShopZone({ timeZone: 'Europe/Paris', utcOffsetMinutes: 480 }, Date.UTC(2027, 0, 15));
    expect(winter.utcOffsetMinutes).toBe(60);
    expect(withShopZone<{ timeZone: string; utcOffsetMinutes?: number }>({ timeZone: 'Europe/Paris' }, Date.UTC(2027, 6, 15)).utcOffsetMinutes).toBe(120);
    const stale = { timeZone: 'Mars/Olympus', utcOffsetMinutes: 480, timeZoneOffsets: PARIS };
    expect(withShopZone(stale, Date.UTC(2027, 0, 15))).toEqual({ timeZone: 'Mars/Olympus', utcOffsetMinutes: 480 });
  });
});
