import { CONTACT_STATUS_LABELS, type ContactStatus } from '@tours-cms/contract';
import { Badge, type BadgeTone } from '../../components/ui/badge';

const STATUS_TONES: Record<ContactStatus, BadgeTone> = { new: 'blue', 'in-progress': 'yellow', resolved: 'green' };

export function ContactStatusBadge({ status }: { status: ContactStatus }) {
  return <Badge tone={STATUS_TONES[status] ?? 'grey'}>{CONTACT_STATUS_LABELS[status] ?? status}</Badge>;
}
