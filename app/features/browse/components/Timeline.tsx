import { Link } from "react-router";
import type { SearchParams } from "~/features/search";
import { useI18n } from "~/i18n/context";
import type { TimelineBar, TimelineBars } from "../timeline";

/**
 * The decades of a search as bars, each a link to its years. When the decades do not fit a narrow column with
 * 24 px targets, a second row of longer periods is drawn instead there (a container query picks one: the other
 * is not displayed, so neither the keyboard nor a screen reader meets it), each axis true to its own bars.
 */
export function Timeline({ bars, link }: { bars: TimelineBars; link: (o: Partial<SearchParams>) => string }) {
  const { t } = useI18n();
  if (bars.decades.length < 2) return null;
  const fold = bars.narrow ? ` timeline--fold-${bars.narrow.foldBelow}` : "";
  return (
    <nav aria-label={t("search.timeline")} className={`timeline${fold}`}>
      <Bars
        className="timeline__decades"
        bars={bars.decades}
        link={link}
        name={(b) => t("search.decade", { decade: b.from, count: b.count })}
      />
      {bars.narrow ? (
        <Bars
          className="timeline__periods"
          step={bars.narrow.step}
          bars={bars.narrow.bars}
          link={link}
          name={(b) => t("search.period", { from: b.from, to: b.to, count: b.count })}
        />
      ) : null}
    </nav>
  );
}

function Bars({
  className,
  step = 10,
  bars,
  link,
  name,
}: {
  className: string;
  /** Years a whole bar stands for: a period cut short by the first or last decade is narrower. */
  step?: number;
  bars: TimelineBar[];
  link: (o: Partial<SearchParams>) => string;
  name: (b: TimelineBar) => string;
}) {
  const max = Math.max(...bars.map((b) => b.count));
  return (
    <div className={className}>
      <ul>
        {bars.map((b) => (
          <li key={b.from} style={step > 10 ? { flexGrow: (b.to - b.from + 1) / step } : undefined}>
            <Link to={link({ fromRaw: String(b.from), toRaw: String(b.to) })} title={name(b)}>
              <span className="timeline__bar" style={{ height: `${Math.max(4, Math.round((b.count / max) * 100))}%` }} aria-hidden="true" />
              <span className="visually-hidden">{name(b)}</span>
            </Link>
          </li>
        ))}
      </ul>
      <div className="timeline__axis" aria-hidden="true">
        <span>{bars[0]!.from}</span>
        <span>{bars.at(-1)!.to}</span>
      </div>
    </div>
  );
}
