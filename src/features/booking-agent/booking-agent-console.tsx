/** The booking-agent console (membership §2); its content follows in this folder. */
export function BookingAgentConsole() {
  return <section aria-label="Booking agent" />;
}
