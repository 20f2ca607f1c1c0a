import { useCallback, type MouseEvent } from 'react';
import useApp from 'antd/es/app/useApp';
import type { ResourceDto } from '@drat/contracts';
import { openResource } from '../../api/resources';
import { needsFreshLink } from './links';
import { useRefreshResources } from './queries';

/** Opens a resource from a link of the list: as it is while its link lives, else with a fresh one. */
export type FileOpener = (event: MouseEvent<HTMLElement>, resource: ResourceDto) => void;

/**
 * Links to stored files expire (RESOURCE_LINK_SECONDS). While the list (received `fetchedAt`) is
 * young enough the link opens as any link does; past that, the click opens the new tab at once
 * (a tab opened later would be blocked as a pop-up), asks the server for a fresh link
 * (GET /resources/open/{id}) and sends the tab there; the list is read again too. When the server
 * refuses (the plan ended, the resource is gone) the tab closes and its words show as a toast.
 */
export function useFileOpener(fetchedAt: number): FileOpener {
  const { message } = useApp();
  const refresh = useRefreshResources();
  return useCallback(
    (event, resource) => {
      if (!needsFreshLink(resource, fetchedAt, Date.now())) return;
      event.preventDefault();
      const tab = window.open('', '_blank');
      if (tab) tab.opener = null;
      openResource(resource.id)
        .then((fresh) => {
          const url = fresh.link ?? fresh.file_url;
          if (!url) throw new Error('This resource has no file to open.');
          if (tab) tab.location.replace(url);
          else window.location.assign(url);
        })
        .catch((err: Error) => {
          tab?.close();
          message.error(err.message);
        })
        .finally(refresh);
    },
    [fetchedAt, message, refresh],
  );
}
