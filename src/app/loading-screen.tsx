/** Shown while the shell detects the device and loads the first page (membership §2). */
import { PRODUCT_NAME } from '@/domain/constants';

export function LoadingScreen() {
  return (
    <div className="flex min-h-dvh items-center justify-center p-6">
      <p role="status" className="text-lg font-medium text-muted-foreground">
        Loading {PRODUCT_NAME}...
      </p>
    </div>
  );
}
