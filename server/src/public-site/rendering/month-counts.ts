/** Tours by language, then by month (YYYY-MM): `de` → `2027-03` → 12. */
export type ToursByMonth = ReadonlyMap<string, ReadonlyMap<string, number>>;

/** The catalogue's month counts as last read: from which month on, and the tours of each month in each language. */
export interface MonthCountsRead {
  first: string;
  counts: ToursByMonth;
}

const NO_TOURS: ReadonlyMap<string, number> = new Map();

/**
 * The month filter's counts of a catalogue: its language's tours (issue 30), or every language's when it is
 * narrowed by none (a site in one language, as its catalogue: catalogueLanguage).
 */
export function monthCountsIn(counts: ToursByMonth, language: string | undefined): ReadonlyMap<string, number> {
  if (language !== undefined) return counts.get(language) ?? NO_TOURS;
  if (counts.size <= 1) return counts.values().next().value ?? NO_TOURS;
  const all = new Map<string, number>();
  for (const months of counts.values())
    for (const [month, tours] of months) all.set(month, (all.get(month) ?? 0) + tours);
  return all;
}

export interface MonthCountsDeps {
  /** One grouped query: the tours of each month from this month on (the catalogue service's `toursByMonth`). */
  read: () => Promise<MonthCountsRead>;
  /** Told when a refresh in the background found other counts than those shown: drop the rendered documents. */
  changed: () => void;
  /** The least time between two reads in the background, so a burst of changes costs one read. */
  gapMs?: number;
}

export interface MonthCounts {
  /**
   * The counts to show beside the month filter from `first` (this month, YYYY-MM) on. Only the first read and the
   * first of each month are waited for; after a change, the counts known are answered at once and read again in the
   * background, and a refresh that finds other counts calls `changed`, so the next render shows them.
   */
  get(first: string): Promise<ToursByMonth>;
  /** What was written may change the counts (a tour, its departures or seats, the settings, a restore). */
  markStale(): void;
  /** Runs a refresh that waits for its turn now, and waits for the read in progress (tests, benchmarks). */
  settled(): Promise<void>;
  stop(): void;
}

/**
 * How many tours can be booked in each month, kept between renders. Counting them reads every upcoming departure
 * of the year (about 400,000 at 10,000 tours: 0.1–0.4 s on PostgreSQL), far over an uncached catalogue page's
 * budget, and they change only when tours, departures or seats do: so the counts are read once, and after each
 * such change read again beside the renders rather than in them (stale while revalidating, per node).
 */
export function createMonthCounts({ read, changed, gapMs = 1000 }: MonthCountsDeps): MonthCounts {
  let known: MonthCountsRead | null = null;
  let running: Promise<void> | null = null;
  let stale = false;
  let lastStart = 0;
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;

  const sameMonths = (a: ReadonlyMap<string, number>, b: ReadonlyMap<string, number> | undefined) =>
    b !== undefined && a.size === b.size && [...a].every(([month, tours]) => b.get(month) === tours);
  const same = (a: ToursByMonth, b: ToursByMonth) =>
    a.size === b.size && [...a].every(([language, months]) => sameMonths(months, b.get(language)));

  function start(): Promise<void> {
    stale = false;
    lastStart = Date.now();
    let failed = false;
    const reading = read()
      .then((next) => {
        const before = known;
        known = next;
        if (before && (before.first !== next.first || !same(before.counts, next.counts))) changed();
      })
      .catch((error: unknown) => {
        // Read again at the next render (not in a loop while the database is away).
        stale = true;
        failed = true;
        throw error;
      })
      .finally(() => {
        running = null;
        // A change while reading: its renders may hold what was read before it.
        if (stale && !failed) schedule();
      });
    running = reading;
    return reading;
  }

  function schedule(): void {
    if (running || timer || stopped || !known) return;
    timer = setTimeout(
      () => {
        timer = null;
        if (stale && !stopped) start().catch(() => undefined);
      },
      Math.max(0, lastStart + gapMs - Date.now()),
    );
    timer.unref();
  }

  return {
    async get(first) {
      // None yet, or a new month: read now (once more if a read already under way was of the month before).
      for (let attempt = 0; attempt < 2 && known?.first !== first; attempt++) await (running ?? start());
      if (stale) schedule();
      return known!.counts;
    },
    markStale() {
      stale = true;
    },
    async settled() {
      while (running || timer) {
        if (timer) {
          // A refresh waiting for its turn runs now.
          clearTimeout(timer);
          timer = null;
          if (stale && !stopped) start().catch(() => undefined);
        }
        if (running) await running.catch(() => undefined);
      }
    },
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}
