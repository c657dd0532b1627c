import { Heading, Image, MousePointerClick, Type, Video, type LucideIcon } from 'lucide-react';
import type { ModuleType } from '@tours-cms/contract';

// An icon for banner, heading, video and button, and one for every other type.
const ICONS: Partial<Record<ModuleType, LucideIcon>> = {
  banner: Image,
  heading: Heading,
  video: Video,
  button: MousePointerClick,
};

export function ModuleTypeIcon({ type, className }: { type: ModuleType; className?: string }) {
  const Icon = ICONS[type] ?? Type;
  return <Icon className={className} aria-hidden="true" />;
}
