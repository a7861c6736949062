/**
 * Joins class names, skipping falsy parts, so primitives can merge their base classes with a caller's
 * `className`. Callers' classes come last; with Tailwind 4 a later utility of the same property does not
 * reliably win, so primitives keep their base classes free of anything callers are expected to override.
 */
export function cn(...parts: Array<string | false | null | undefined>): string {
  return parts.filter(Boolean).join(' ');
}
