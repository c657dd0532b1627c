import { useState } from 'react';
import { MENU_LOCATION_LABELS, MENU_LOCATIONS, type MenuLocation } from '@tours-cms/contract';
import { PageHeader } from '../../components/ui/page-header';
import { QueryStatus } from '../../components/kit/query-status';
import { SegmentedControl } from '../../components/ui/segmented-control';
import { useCanEdit } from '../../lib/session';
import { useMenus } from './api/menus';
import { MenuEditor } from './menu-editor';

/**
 * The Menus screen (issue 31 item 5): the header's and the footer's navigation. Everyone signed in reads them;
 * editors and administrators add pages, tours, tour categories and links, order them and save.
 */
export function MenusPage() {
  const query = useMenus();
  const canEdit = useCanEdit();
  const [location, setLocation] = useState<MenuLocation>('header');
  const menu = query.data?.find((m) => m.location === location);
  return (
    <div className="space-y-6">
      <PageHeader title="Menus" subtitle="The navigation of the site's header and footer" />
      <SegmentedControl
        label="Menu"
        size="md"
        options={MENU_LOCATIONS.map((value) => ({ value, label: MENU_LOCATION_LABELS[value] }))}
        value={location}
        onChange={setLocation}
      />
      <QueryStatus
        query={query}
        loadingLabel="Loading menus..."
        errorMessage="Error loading menus. Please try again."
        emptyMessage="No menus."
        isEmpty={!menu}
      >
        {menu && <MenuEditor key={`${menu.location} ${menu.updated_at ?? ''}`} menu={menu} canEdit={canEdit} />}
      </QueryStatus>
    </div>
  );
}
