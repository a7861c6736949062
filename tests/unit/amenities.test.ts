import { describe, expect, it } from 'vitest';

import { amenitiesAt, amenityLabel } from '@/domain/amenities';

describe('amenities a rider sees (rider-core §2 Explore Safely "up to 4 quick-away buttons named after amenities", §3 Amenity)', () => {
  const list = [
    { id: 'd', name: 'Coffee Kiosk', terminalId: 'departure-bay' },
    { id: 'h', name: 'Coffee Kiosk', terminalId: 'horseshoe-bay' },
  ];
  it("are their terminal's only, each named with its terminal", () => {
    expect(amenitiesAt(list, 'horseshoe-bay').map(amenityLabel)).toEqual(['Coffee Kiosk · Horseshoe Bay']);
    expect(amenitiesAt(list, 'swartz-bay')).toEqual([]);
  });

  it('keeps the order given and drops amenities of no known terminal', () => {
    const many = [
      { id: 'w', name: 'Washrooms', terminalId: 'tsawwassen' },
      { id: 'x', name: 'Gift Shop', terminalId: null },
      { id: 'c', name: 'Coffee Kiosk', terminalId: 'tsawwassen' },
      { id: 'y', name: 'Food Court' },
    ];
    expect(amenitiesAt(many, 'tsawwassen').map((a) => a.id)).toEqual(['w', 'c']);
  });

  it('names an amenity alone when its terminal is not known, and by its id when the id is not a terminal', () => {
    expect(amenityLabel({ name: 'Gift Shop', terminalId: null })).toBe('Gift Shop');
    expect(amenityLabel({ name: 'Gift Shop' })).toBe('Gift Shop');
    expect(amenityLabel({ name: 'Gift Shop', terminalId: 'bella-coola' })).toBe('Gift Shop · bella-coola');
    expect(amenityLabel({ name: 'Washrooms', terminalId: 'duke-point' })).toBe('Washrooms · Nanaimo Duke Point');
  });
});
