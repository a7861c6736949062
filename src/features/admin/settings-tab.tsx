/** Settings (admin dashboard): max monitors and check interval, saved on the server (DESIGN.md departure), and the banners. */
import { useEffect, useState, type FormEvent } from 'react';

import { DEFAULT_CHECK_INTERVAL_S, DEFAULT_MAX_MONITORS } from '@/domain/booking-agent';
import { agentSettings, saveAgentSettings } from '@/domain/contracts/admin-dashboard';
import { callApi } from '@/lib/api-client';
import { backOfficeCall, errorMessage } from '@/lib/back-office-call';
import { toast } from '@/lib/toast';
import { Button } from '@/ui/button';
import { fieldClass } from '@/ui/field';

import { BannerManager } from './banner-manager';

export function SettingsTab() {
  const [maxMonitors, setMaxMonitors] = useState(String(DEFAULT_MAX_MONITORS));
  const [interval, setIntervalSeconds] = useState(String(DEFAULT_CHECK_INTERVAL_S));
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    callApi(agentSettings, {})
      .then((s) => {
        setMaxMonitors(String(s.maxMonitors));
        setIntervalSeconds(String(s.checkIntervalSeconds));
      })
      .catch((e: unknown) => toast.error('Could not load the settings', { description: errorMessage(e) }));
  }, []);
  async function save(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    try {
      await backOfficeCall(saveAgentSettings, {
        body: { maxMonitors: Number(maxMonitors), checkIntervalSeconds: Number(interval) },
      });
      toast.success('Settings saved');
    } catch (e) {
      toast.error('Could not save the settings', { description: errorMessage(e) });
    } finally {
      setSaving(false);
    }
  }
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <form className="flex max-w-md flex-col gap-3" onSubmit={(e) => void save(e)}>
        <label className="flex flex-col gap-1 text-sm font-medium">
          Max monitors
          <input
            type="number"
            min={1}
            max={1000}
            className={fieldClass}
            value={maxMonitors}
            onChange={(e) => setMaxMonitors(e.target.value)}
          />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          Check interval (seconds)
          <input
            type="number"
            min={5}
            max={3600}
            className={fieldClass}
            value={interval}
            onChange={(e) => setIntervalSeconds(e.target.value)}
          />
        </label>
        <Button type="submit" disabled={saving} className="w-fit">
          {saving ? 'Saving...' : 'Save Settings'}
        </Button>
      </form>
      <BannerManager />
    </div>
  );
}
