import { describe, expect, it } from 'vitest';

import { AWAY_ALERT_URL, awayReturnAlertText, queueMovingAlertText } from '@/domain/away-alert-text';

describe('away alert texts (rider-core §2 EXPLORE MODE overlay notice, §4 Away mode)', () => {
  it('name the place and the threshold', () => {
    expect(awayReturnAlertText({ currentLocation: 'Coffee Bar', alertThresholdMinutes: 5 }).body).toContain(
      'Coffee Bar',
    );
    expect(queueMovingAlertText().title).toBe('Your queue is moving');
  });
});

describe('the words of the away alerts (rider-core §4 Away mode)', () => {
  it('tells the rider to head back, how long boarding is away and where they are leaving from', () => {
    expect(awayReturnAlertText({ currentLocation: 'Coffee Bar', alertThresholdMinutes: 5 })).toEqual({
      title: 'Time to head back to your vehicle',
      body: 'Boarding starts in about 5 minutes. Leave Coffee Bar now.',
    });
  });

  it("says movement was detected in the rider's row, as the overlay promised", () => {
    expect(queueMovingAlertText().body).toBe(
      'Movement was detected in your row: boarding has started. Return to your vehicle now.',
    );
  });

  it('opens home with the EXPLORE MODE overlay', () => {
    expect(AWAY_ALERT_URL).toBe('/app?away=open');
  });
});
