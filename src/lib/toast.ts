/**
 * The app's toasts (rider-core §9): sonner's `toast`, imported from here and nowhere else, so that
 * whatever can raise a toast brings the toast library with its own code and mounts the Toaster as it
 * loads (./toaster-mount.ts). A screen that toasts therefore has sonner as soon as it is on screen,
 * offline too; the first screen, which raises none, does not download it.
 */
import { createElement } from 'react';
import { toast, Toaster } from 'sonner';

import { mountToaster } from './toaster-mount';

mountToaster((props) => createElement(Toaster, props));

export { toast };
