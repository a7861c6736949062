/** A 7-day trend drawn as a small bar chart (people read trends from a picture); the values are in its label. */
export function Sparkline({ values, days, label }: { values: number[]; days: string[]; label: string }) {
  const max = Math.max(1, ...values);
  const width = 112;
  const height = 32;
  const bar = width / Math.max(1, values.length);
  const described = values.map((v, i) => `${days[i] ?? ''}: ${v}`).join(', ');
  return (
    <svg
      role="img"
      aria-label={`${label}, last ${values.length} days: ${described}`}
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      className="text-primary"
    >
      {values.map((v, i) => {
        const h = Math.max(1, (v / max) * (height - 2));
        return (
          <rect
            key={days[i] ?? i}
            x={i * bar + 1}
            y={height - h}
            width={bar - 2}
            height={h}
            rx={1}
            fill="currentColor"
            opacity={i === values.length - 1 ? 1 : 0.55}
          />
        );
      })}
    </svg>
  );
}
