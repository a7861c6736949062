/**
 * The picture on the tracker card. No vessel photos ship with Deckhand (public/ has none, and the
 * fleet's `photo` names point at files that do not exist), so this is a drawn ferry on water, tinted
 * by the status tone. It is decorative: the overlay text carries the information.
 */
import type { FerryStatusTone } from '@/domain/ferry';

const SKY: Record<FerryStatusTone, string> = {
  docked: '#cfe8d8',
  en_route: '#cfe0f3',
  destructive: '#f6d5d5',
};

export function FerryIllustration({ tone }: { tone: FerryStatusTone }) {
  return (
    <svg viewBox="0 0 320 140" aria-hidden="true" className="h-36 w-full" preserveAspectRatio="xMidYMid slice">
      <rect width="320" height="140" fill={SKY[tone]} />
      <rect y="96" width="320" height="44" fill="#1d5f96" />
      <path
        d="M0 104 q20 -6 40 0 t40 0 t40 0 t40 0 t40 0 t40 0 t40 0 t40 0"
        stroke="#9cc3e6"
        strokeWidth="2"
        fill="none"
      />
      <path d="M56 78 h208 l-22 26 h-164 z" fill="#f8fafc" stroke="#0f1c2a" strokeWidth="2" />
      <rect x="92" y="58" width="136" height="20" fill="#f8fafc" stroke="#0f1c2a" strokeWidth="2" />
      <rect x="128" y="44" width="64" height="14" fill="#f8fafc" stroke="#0f1c2a" strokeWidth="2" />
      <rect x="150" y="30" width="14" height="14" fill="#b91c1c" />
      {[100, 120, 140, 160, 180, 200].map((x) => (
        <rect key={x} x={x} y="63" width="12" height="8" fill="#0b4f8a" />
      ))}
      <rect x="56" y="86" width="208" height="4" fill="#0b4f8a" />
    </svg>
  );
}
