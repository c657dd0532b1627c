import {
  TOUR_HIGHLIGHTS_MAX,
  TOUR_INCLUDES_MAX,
  durationMinutes,
  itineraryEntryLabel,
  tourSectionSpecs,
} from '@tours-cms/contract';
import type { PostFormValues } from '../../post-form-values';
import { Card } from '../card';
import { countOf, TourSection } from './tour-section';
import { LinesSection } from './lines-section';
import { ItinerarySection } from './itinerary-section';
import { FaqsSection } from './faqs-section';
import { GallerySection } from './gallery-section';
import { MeetingPointSection } from './meeting-point-section';

type SectionKey = keyof typeof tourSectionSpecs;

interface Props {
  values: PostFormValues;
  onChange: <K extends SectionKey>(field: K, value: PostFormValues[K]) => void;
  errorAt: (field: string) => string | undefined;
  /** Whether any error is named under a section (`itinerary[2].title` is under `itinerary`). */
  hasErrorUnder: (field: SectionKey) => boolean;
}

/**
 * "Tour details": what a traveller asks before booking, as sections of the tour rather than free HTML. Each is
 * folded to a line that says what it holds, and opens by itself when a save finds a problem in it.
 */
export function TourDetailsCard({ values, onChange, errorAt, hasErrorUnder }: Props) {
  const minutes = durationMinutes(values.duration);
  const dayNoun = itineraryEntryLabel(1, minutes).split(' ')[0]!.toLowerCase();
  const lines = (field: 'highlights' | 'includes' | 'excludes', noun: string, addLabel: string, max: number) => (
    <TourSection
      title={tourSectionSpecs[field].label}
      summary={countOf(values[field].length, 'line')}
      hasProblem={hasErrorUnder(field)}
    >
      <LinesSection
        field={field}
        noun={noun}
        addLabel={addLabel}
        max={max}
        lines={values[field]}
        onChange={(next) => onChange(field, next)}
        errorAt={errorAt}
      />
    </TourSection>
  );

  return (
    <Card title="Tour Details">
      <p className="text-sm text-slate-600">
        Shown on the tour page under its description, in this order, each only when filled.
      </p>
      <div className="space-y-3">
        {lines('highlights', 'Highlight', 'Add a highlight', TOUR_HIGHLIGHTS_MAX)}
        <TourSection
          title={tourSectionSpecs.itinerary.label}
          summary={countOf(values.itinerary.length, dayNoun)}
          hasProblem={hasErrorUnder('itinerary')}
        >
          <ItinerarySection
            value={values.itinerary}
            onChange={(next) => onChange('itinerary', next)}
            errorAt={errorAt}
            durationMinutes={minutes}
          />
        </TourSection>
        {lines('includes', 'Included item', 'Add an included item', TOUR_INCLUDES_MAX)}
        {lines('excludes', 'Excluded item', 'Add an item not included', TOUR_INCLUDES_MAX)}
        <TourSection
          title={tourSectionSpecs.meeting_point.label}
          summary={values.meeting_point ? values.meeting_point.name || 'No name yet' : 'None yet'}
          hasProblem={hasErrorUnder('meeting_point')}
        >
          <MeetingPointSection
            value={values.meeting_point}
            onChange={(next) => onChange('meeting_point', next)}
            errorAt={errorAt}
          />
        </TourSection>
        <TourSection
          title={tourSectionSpecs.gallery.label}
          summary={countOf(values.gallery.length, 'image')}
          hasProblem={hasErrorUnder('gallery')}
        >
          <GallerySection value={values.gallery} onChange={(next) => onChange('gallery', next)} errorAt={errorAt} />
        </TourSection>
        <TourSection
          title={tourSectionSpecs.faq_ids.label}
          summary={countOf(values.faq_ids.length, 'FAQ')}
          hasProblem={hasErrorUnder('faq_ids')}
        >
          <FaqsSection value={values.faq_ids} onChange={(next) => onChange('faq_ids', next)} errorAt={errorAt} />
        </TourSection>
      </div>
    </Card>
  );
}
