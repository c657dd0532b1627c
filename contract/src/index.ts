export * from './limits.js';
export * from './slugify.js';
export * from './format-bytes.js';
export * from './format-date.js';
export * from './errors.js';
export * from './common.js';
export * from './users.js';
export * from './auth.js';
