import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router';
import { RequireAuth, RequireRole } from './auth/require-auth';
import { AdminLayout } from './layout/admin-layout';
import { FullPageSpinner } from '../components/ui/spinner';
import { LoginPage } from '../features/auth/login-page';
import { NotFoundPage } from './not-found-page';

/**
 * Every screen is its own chunk (loaded on first visit), so sign-in and the dashboard stay small. Features add
 * their routes here: `{ path: 'posts', lazy: () => import('../features/posts/posts-page').then((m) => ({ Component: m.PostsPage })) }`.
 */
const screens: RouteObject[] = [
  {
    path: 'dashboard',
    lazy: () => import('../features/dashboard/dashboard-page').then((m) => ({ Component: m.DashboardPage })),
  },
  {
    path: 'users',
    lazy: () =>
      import('../features/users/users-page').then((m) => ({
        Component: () => (
          <RequireRole role="admin">
            <m.UsersPage />
          </RequireRole>
        ),
      })),
  },
  { path: 'media', lazy: () => import('../features/media/media-page').then((m) => ({ Component: m.MediaPage })) },
  { path: 'posts', lazy: () => import('../features/posts/posts-page').then((m) => ({ Component: m.PostsPage })) },
  {
    path: 'posts/create',
    lazy: () =>
      import('../features/posts/post-form-page').then((m) => ({
        Component: () => (
          <RequireRole role="editor">
            <m.CreatePostPage />
          </RequireRole>
        ),
      })),
  },
  {
    path: 'posts/edit/:id',
    lazy: () =>
      import('../features/posts/post-form-page').then((m) => ({
        Component: () => (
          <RequireRole role="editor">
            <m.EditPostPage />
          </RequireRole>
        ),
      })),
  },
  {
    path: 'posts/view/:slug',
    lazy: () => import('../features/posts/post-view-page').then((m) => ({ Component: m.PostViewPage })),
  },
  { path: 'pages', lazy: () => import('../features/pages/pages-page').then((m) => ({ Component: m.PagesPage })) },
  {
    path: 'pages/create',
    lazy: () =>
      import('../features/pages/page-builder-page').then((m) => ({
        Component: () => (
          <RequireRole role="editor">
            <m.CreatePagePage />
          </RequireRole>
        ),
      })),
  },
  {
    path: 'pages/edit/:id',
    lazy: () =>
      import('../features/pages/page-builder-page').then((m) => ({
        Component: () => (
          <RequireRole role="editor">
            <m.EditPagePage />
          </RequireRole>
        ),
      })),
  },
  {
    path: 'commoncomp',
    lazy: () =>
      import('../features/components/component-manager-page').then((m) => ({ Component: m.ComponentManagerPage })),
  },
  {
    path: 'components/create',
    lazy: () =>
      import('../features/components/component-builder-page').then((m) => ({
        Component: () => (
          <RequireRole role="editor">
            <m.ComponentBuilderPage />
          </RequireRole>
        ),
      })),
  },
  {
    path: 'components/edit/:id',
    lazy: () =>
      import('../features/components/component-builder-page').then((m) => ({
        Component: () => (
          <RequireRole role="editor">
            <m.ComponentBuilderPage />
          </RequireRole>
        ),
      })),
  },
  {
    path: 'contacts',
    lazy: () => import('../features/contacts/contacts-page').then((m) => ({ Component: m.ContactsPage })),
  },
  {
    path: 'modules',
    lazy: () => import('../features/modules/modules-page').then((m) => ({ Component: m.ModulesPage })),
  },
  {
    path: 'categories',
    lazy: () => import('../features/taxonomy/taxonomy-page').then((m) => ({ Component: m.CategoriesPage })),
  },
  { path: 'tags', lazy: () => import('../features/taxonomy/taxonomy-page').then((m) => ({ Component: m.TagsPage })) },
  { path: 'faqs', lazy: () => import('../features/faqs/faqs-page').then((m) => ({ Component: m.FaqsPage })) },
  { path: 'menus', lazy: () => import('../features/menus/menus-page').then((m) => ({ Component: m.MenusPage })) },
  {
    path: 'settings',
    lazy: () => import('../features/settings/settings-page').then((m) => ({ Component: m.SettingsPage })),
  },
  {
    path: 'redirects',
    lazy: () =>
      import('../features/redirects/redirects-page').then((m) => ({
        Component: () => (
          <RequireRole role="admin">
            <m.RedirectsPage />
          </RequireRole>
        ),
      })),
  },
  {
    path: 'trash',
    lazy: () =>
      import('../features/trash/trash-page').then((m) => ({
        Component: () => (
          <RequireRole role="editor">
            <m.TrashPage />
          </RequireRole>
        ),
      })),
  },
  {
    path: 'activity',
    lazy: () => import('../features/activity/activity-page').then((m) => ({ Component: m.ActivityPage })),
  },
  {
    path: 'account',
    lazy: () => import('../features/account/account-page').then((m) => ({ Component: m.AccountPage })),
  },
  { path: '*', Component: NotFoundPage },
];

/** Full-screen routes behind sign-in but outside the layout (the component viewer). */
const fullScreens: RouteObject[] = [
  {
    path: 'components/view/:id',
    lazy: () =>
      import('../features/components/component-viewer-page').then((m) => ({ Component: m.ComponentViewerPage })),
  },
];

export const routes: RouteObject[] = [
  { path: '/admin', Component: LoginPage },
  {
    path: '/admin',
    element: (
      <RequireAuth>
        <Outlet />
      </RequireAuth>
    ),
    HydrateFallback: FullPageSpinner,
    children: [{ Component: AdminLayout, children: screens }, ...fullScreens],
  },
  { path: '*', element: <Navigate to="/admin" replace /> },
];

export const router = createBrowserRouter(routes);
