import { useConnectivityStore } from '@/sync/connectivity-store';

import { fakeApi } from './fake-api';

/** The device is offline: the connectivity strip says so and every API call fails as with no network. */
export function goOffline() {
  useConnectivityStore.setState({ online: false, realtime: 'disconnected', flushing: false });
  return fakeApi().offline();
}
