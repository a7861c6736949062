/** Layout for pages outside the phone frame (back office, site map, 404): a centred <main>. */
import { Outlet } from 'react-router-dom';

export function PlainLayout() {
  return (
    <div className="min-h-dvh bg-background">
      <main className="mx-auto flex w-full max-w-3xl flex-col gap-4 pb-10">
        <Outlet />
      </main>
    </div>
  );
}
