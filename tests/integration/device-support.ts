/**
 * Test helpers that make jsdom look like a given device: user agent, viewport width and touch points.
 * Each setter returns nothing; call resetDevice() in afterEach.
 */
const DESKTOP_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
export const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
export const PIXEL_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
export { DESKTOP_UA };

export function setDevice(device: { userAgent: string; width: number; touchPoints: number }): void {
  Object.defineProperty(window.navigator, 'userAgent', { value: device.userAgent, configurable: true });
  Object.defineProperty(window.navigator, 'maxTouchPoints', { value: device.touchPoints, configurable: true });
  Object.defineProperty(window, 'innerWidth', { value: device.width, configurable: true, writable: true });
}

export const desktop = { userAgent: DESKTOP_UA, width: 1280, touchPoints: 0 };
export const phone = { userAgent: PIXEL_UA, width: 412, touchPoints: 5 };

export function resetDevice(): void {
  setDevice(desktop);
}
