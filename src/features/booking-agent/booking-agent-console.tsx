/** Booking-agent console (membership §2 "Booking-agent console"), hosted by the admin dashboard's Booking Agent tab. */
export function BookingAgentConsole() {
  return (
    <section aria-labelledby="booking-agent-console-title" className="space-y-3">
      <h2 id="booking-agent-console-title" className="text-lg font-semibold">
        Booking Agent Console
      </h2>
    </section>
  );
}
