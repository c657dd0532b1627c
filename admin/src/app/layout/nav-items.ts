import {
  Activity,
  CircleUser,
  FileText,
  FolderTree,
  Image,
  Menu,
  Inbox,
  LayoutDashboard,
  LayoutTemplate,
  Blocks,
  CircleQuestionMark,
  Files,
  Settings,
  Signpost,
  Tags,
  Trash2,
  Users,
  type LucideIcon,
} from 'lucide-react';
import type { Role } from '@tours-cms/contract';

export interface NavItem {
  label: string;
  to: string;
  icon: LucideIcon;
  /** The least role that may open the screen; hidden from the sidebar for others. */
  role: Role;
}

/** The sidebar's entries, plus Menus, Contacts, Modules, Tags, FAQs, Activity, Settings and Account (every screen with a route is reachable). */
export const NAV_ITEMS: NavItem[] = [
  { label: 'Dashboard', to: '/admin/dashboard', icon: LayoutDashboard, role: 'user' },
  { label: 'Media', to: '/admin/media', icon: Image, role: 'user' },
  { label: 'Posts', to: '/admin/posts', icon: FileText, role: 'user' },
  { label: 'Pages', to: '/admin/pages', icon: Files, role: 'user' },
  { label: 'Common Components', to: '/admin/commoncomp', icon: LayoutTemplate, role: 'user' },
  { label: 'Menus', to: '/admin/menus', icon: Menu, role: 'user' },
  { label: 'Contacts', to: '/admin/contacts', icon: Inbox, role: 'user' },
  { label: 'Modules', to: '/admin/modules', icon: Blocks, role: 'user' },
  { label: 'Users', to: '/admin/users', icon: Users, role: 'admin' },
  { label: 'Categories', to: '/admin/categories', icon: FolderTree, role: 'user' },
  { label: 'Tags', to: '/admin/tags', icon: Tags, role: 'user' },
  { label: 'FAQs', to: '/admin/faqs', icon: CircleQuestionMark, role: 'user' },
  { label: 'Redirects', to: '/admin/redirects', icon: Signpost, role: 'admin' },
  { label: 'Trash', to: '/admin/trash', icon: Trash2, role: 'editor' },
  { label: 'Activity', to: '/admin/activity', icon: Activity, role: 'user' },
  { label: 'Settings', to: '/admin/settings', icon: Settings, role: 'user' },
  { label: 'Account', to: '/admin/account', icon: CircleUser, role: 'user' },
];
