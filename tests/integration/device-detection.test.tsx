import { act, cleanup, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';

import { isMobileDevice, isMobileUserAgent, useDevice } from '@/app/use-device';

import { DESKTOP_UA, IPHONE_UA, PIXEL_UA, resetDevice, setDevice } from './device-support';

function DeviceProbe() {
  return <p>device: {useDevice()}</p>;
}

afterEach(() => {
  cleanup();
  resetDevice();
});

describe('mobile user agents', () => {
  it('recognises phones and tablets by their user agent', () => {
    expect(isMobileUserAgent(IPHONE_UA)).toBe(true);
    expect(isMobileUserAgent(PIXEL_UA)).toBe(true);
    expect(isMobileUserAgent('Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15')).toBe(true);
    expect(isMobileUserAgent(DESKTOP_UA)).toBe(false);
  });
});

describe('the mobile rule: mobile user agent, or width under 768 with touch', () => {
  it('a mobile user agent is mobile at any width, with or without touch', () => {
    expect(isMobileDevice({ userAgent: IPHONE_UA, width: 1400, hasTouch: false })).toBe(true);
  });

  it('a desktop user agent is mobile only when narrower than 768 and touch-capable', () => {
    expect(isMobileDevice({ userAgent: DESKTOP_UA, width: 767, hasTouch: true })).toBe(true);
    expect(isMobileDevice({ userAgent: DESKTOP_UA, width: 768, hasTouch: true })).toBe(false);
    expect(isMobileDevice({ userAgent: DESKTOP_UA, width: 500, hasTouch: false })).toBe(false);
    expect(isMobileDevice({ userAgent: DESKTOP_UA, width: 1280, hasTouch: true })).toBe(false);
  });
});

describe('useDevice in the browser', () => {
  it('reports a phone user agent as mobile', () => {
    setDevice({ userAgent: PIXEL_UA, width: 412, touchPoints: 5 });
    render(<DeviceProbe />);
    expect(screen.getByText('device: mobile')).toBeTruthy();
  });

  it('reports a wide desktop as desktop', () => {
    setDevice({ userAgent: DESKTOP_UA, width: 1280, touchPoints: 0 });
    render(<DeviceProbe />);
    expect(screen.getByText('device: desktop')).toBeTruthy();
  });

  it('follows a touch screen narrowed below the breakpoint', () => {
    setDevice({ userAgent: DESKTOP_UA, width: 1280, touchPoints: 10 });
    render(<DeviceProbe />);
    expect(screen.getByText('device: desktop')).toBeTruthy();

    act(() => {
      setDevice({ userAgent: DESKTOP_UA, width: 600, touchPoints: 10 });
      window.dispatchEvent(new Event('resize'));
    });
    expect(screen.getByText('device: mobile')).toBeTruthy();
  });

  it('keeps a narrow window without touch on the desktop layout', () => {
    setDevice({ userAgent: DESKTOP_UA, width: 600, touchPoints: 0 });
    render(<DeviceProbe />);
    expect(screen.getByText('device: desktop')).toBeTruthy();
  });
});
