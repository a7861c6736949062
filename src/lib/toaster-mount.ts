/**
 * The page's Toaster, once the toast library is in memory (src/app/providers.tsx draws it). The toast
 * library is not part of the first screen: it comes with the first code that can raise a toast
 * (src/lib/toast.ts, which every such module imports), and that module hands over sonner's Toaster as
 * it loads. Handing over the component's render itself, rather than importing it again, means the Toaster
 * mounts with no further download: a widget loaded online gives its toasts offline too. Sonner keeps
 * a toast raised before the Toaster mounts and shows it when the Toaster subscribes.
 */
import type { ReactNode } from 'react';
import type { ToasterProps } from 'sonner';
import { create } from 'zustand';

type RenderToaster = (props: ToasterProps) => ReactNode;

export const useToasterMount = create<{ renderToaster: RenderToaster | null }>()(() => ({ renderToaster: null }));

export function mountToaster(renderToaster: RenderToaster): void {
  if (!useToasterMount.getState().renderToaster) useToasterMount.setState({ renderToaster });
}
