/**
 * Whether the page's Toaster should be on screen (src/app/providers.tsx). The toast library is not
 * part of the first screen: it comes with the first code that can raise a toast (src/lib/toast.ts,
 * which every such module imports), and that module asks for the Toaster as it loads. Sonner keeps a
 * toast raised before the Toaster mounts and shows it when the Toaster subscribes.
 */
import { create } from 'zustand';

export const useToasterMount = create<{ mounted: boolean }>()(() => ({ mounted: false }));

export function mountToaster(): void {
  if (!useToasterMount.getState().mounted) useToasterMount.setState({ mounted: true });
}
