/**
 * The help page's question lists: "Most Asked Questions" and the accordion of all questions (native
 * details/summary: keyboard and screen-reader support without script).
 */
import type { FaqItem } from '@/domain/faq';

export function FaqAccordion({ items, labelledBy }: { items: readonly FaqItem[]; labelledBy: string }) {
  return (
    <ul
      aria-labelledby={labelledBy}
      className="flex flex-col divide-y divide-border rounded-lg border border-border bg-surface"
    >
      {items.map((item) => (
        <li key={item.id}>
          <details className="group">
            <summary className="flex min-h-11 cursor-pointer items-center justify-between gap-2 px-3 py-2 font-medium">
              {item.question}
            </summary>
            <p className="px-3 pb-3 text-sm">{item.answer}</p>
          </details>
        </li>
      ))}
    </ul>
  );
}

export function MostAsked({ items, labelledBy }: { items: readonly FaqItem[]; labelledBy: string }) {
  return (
    <ul aria-labelledby={labelledBy} className="flex flex-col gap-2">
      {items.map((item) => (
        <li key={item.id} className="rounded-md border border-border bg-surface p-3 text-sm">
          <p className="font-medium">{item.question}</p>
          <p className="text-muted-foreground">{item.answer}</p>
        </li>
      ))}
    </ul>
  );
}
