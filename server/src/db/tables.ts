import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * Row types of every table. Booleans are stored as 0/1 integers and timestamps as ISO 8601 text, the same in
 * SQLite and PostgreSQL, so one repository works on both without per-dialect mapping.
 */
type Flag = number;

export interface UsersTable {
  id: Generated<number>;
  username: string;
  email: string;
  full_name: string | null;
  password_hash: string;
  role: string;
  is_active: Flag;
  created_at: string;
  updated_at: string;
}

export interface SessionsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: string;
  expires_at: string;
}

export interface TaxonomyTable {
  id: Generated<number>;
  name: string;
  slug: string;
  description: string | null;
  parent_id: number | null;
  created_at: string;
  updated_at: string;
}

/** The tour fields a post carries and a page carries on edit. */
export interface TourFields {
  price: number | string | null;
  duration: string | null;
  age: string | null;
  location: string | null;
  button_label: string | null;
  button_value: string | null;
  calendar_time_iframe: string | null;
  short_description: string | null;
}

export interface PostsTable extends TourFields {
  id: Generated<number>;
  title: string;
  slug: string;
  content: string | null;
  excerpt: string | null;
  status: string;
  seo_title: string | null;
  seo_description: string | null;
  category_id: number | null;
  author_id: number | null;
  created_at: string;
  updated_at: string;
}

export interface PagesTable extends TourFields {
  id: Generated<number>;
  title: string;
  slug: string;
  content: string | null;
  status: string;
  seo_title: string | null;
  seo_description: string | null;
  featured_image_id: number | null;
  featured_image_url: string | null;
  template_data: string | null;
  author_id: number | null;
  created_at: string;
  updated_at: string;
}

export interface ComponentsTable {
  id: Generated<number>;
  name: string;
  slug: string;
  type: string;
  content: string;
  description: string | null;
  is_common: Flag;
  is_active: Flag;
  created_at: string;
  updated_at: string;
}

export interface MediaTable {
  id: Generated<number>;
  original_name: string;
  file_path: string;
  thumbnail_path: string | null;
  mime_type: string;
  file_size: number;
  width: number | null;
  height: number | null;
  folder: string | null;
  uploaded_by: number | null;
  created_at: string;
  updated_at: string;
}

export interface ContactsTable {
  id: Generated<number>;
  name: string;
  email: string;
  phone: string | null;
  subject: string;
  message: string;
  status: string;
  ip_address: string | null;
  created_at: string;
  updated_at: string;
}

export interface ModulesTable {
  id: Generated<number>;
  name: string;
  type: string;
  heading: string | null;
  subtitle: string | null;
  description: string | null;
  video_url: string | null;
  button_label: string | null;
  button_link: string | null;
  created_at: string;
  updated_at: string;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  categories: TaxonomyTable;
  tags: TaxonomyTable;
  posts: PostsTable;
  pages: PagesTable;
  components: ComponentsTable;
  media: MediaTable;
  contacts: ContactsTable;
  modules: ModulesTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type UserRowUpdate = Updateable<UsersTable>;
export type TaxonomyRow = Selectable<TaxonomyTable>;
export type PostRow = Selectable<PostsTable>;
export type PageRow = Selectable<PagesTable>;
export type ComponentRow = Selectable<ComponentsTable>;
export type MediaRow = Selectable<MediaTable>;
export type ContactRow = Selectable<ContactsTable>;
export type ModuleRow = Selectable<ModulesTable>;
