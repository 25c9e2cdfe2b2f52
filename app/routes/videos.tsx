import { VideoCard } from "~/components/sections/video-card";
import { buttonClass } from "~/components/ui/button-link";
import { Icon } from "~/components/ui/icon";
import { VideoEmbed } from "~/components/ui/video-embed";
import { pages } from "~/content/routes";
import {
  featuredHost,
  notAffiliated,
  startingVideo,
  videoCategories,
  videoHub,
  videoSeries,
} from "~/content/videos";
import { pageMeta } from "~/lib/seo";

const page = pages.videos;

export const meta = () => pageMeta(page);

export default function Page() {
  return (
    <>
      <section className="relative overflow-hidden border-b border-white/10 bg-ink-950">
        <div aria-hidden="true" className="hero-glow pointer-events-none absolute inset-0" />
        <div className="container-page relative grid gap-10 py-14 sm:py-20 lg:grid-cols-[0.9fr_1.1fr] lg:items-center">
          <div>
            <p className="eyebrow">{videoHub.eyebrow}</p>
            <h1 className="heading-display mt-4 text-display text-white">{page.heading}</h1>
            <p className="mt-6 max-w-xl text-lg leading-relaxed text-ink-200">{videoHub.lead}</p>
          </div>
          <article aria-labelledby="starting-video" className="card p-4 sm:p-5">
            <VideoEmbed video={startingVideo} priority />
            <div className="px-1 pt-4 pb-1">
              <p className="flex items-center gap-2 text-xs font-black uppercase tracking-[0.18em] text-gold-400">
                <Icon name="flame" className="size-4" /> {videoHub.startingLabel}
              </p>
              <h2 id="starting-video" className="mt-2 text-xl font-extrabold text-white sm:text-2xl">
                {startingVideo.title}
              </h2>
              <p className="mt-1 text-sm text-ink-300">
                {startingVideo.duration}
                {startingVideo.source ? ` · ${startingVideo.source}` : ""}
              </p>
              {startingVideo.source ? (
                <p className="mt-1 text-xs text-ink-300">{notAffiliated(startingVideo.source)}</p>
              ) : null}
            </div>
          </article>
        </div>
      </section>

      <section aria-labelledby="featured-host" className="container-page py-14 sm:py-20">
        <div className="card grid gap-6 p-6 sm:grid-cols-[auto_1fr] sm:items-center sm:p-10">
          <div
            aria-hidden="true"
            className="grid size-24 place-items-center rounded-full bg-gradient-to-br from-ember-300 via-ember-500 to-ember-700 text-3xl font-black text-ink-950"
          >
            AH
          </div>
          <div>
            <p className="eyebrow">{videoHub.hostLabel}</p>
            <h2 id="featured-host" className="mt-2 text-2xl font-black uppercase text-white sm:text-3xl">
              {featuredHost.name}
            </h2>
            <p className="mt-1 font-semibold text-ink-200">{featuredHost.role}</p>
            <p className="mt-3 max-w-3xl leading-relaxed text-ink-200">{featuredHost.text}</p>
            <p className="mt-2 text-sm text-ink-300">{featuredHost.disclosure}</p>
          </div>
        </div>
      </section>

      {videoCategories.map((category) => (
        <section
          key={category.id}
          aria-labelledby={`category-${category.id}`}
          className="render-when-near container-page border-t border-white/10 py-14 sm:py-20"
        >
          <div className="max-w-3xl">
            <h2
              id={`category-${category.id}`}
              className="heading-display text-[1.75rem] text-white xs:text-4xl sm:text-5xl"
            >
              {category.title}
            </h2>
            <p className="mt-3 text-lg text-ink-200">{category.description}</p>
          </div>
          <div className="mt-10 grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
            {category.videos.map((video) => (
              <VideoCard key={video.id} video={video} />
            ))}
          </div>
        </section>
      ))}

      <section aria-labelledby="series" className="render-when-near bg-ink-950/60 py-14 sm:py-20">
        <div className="container-page">
          <h2 id="series" className="heading-display text-headline text-white">
            {videoHub.seriesTitle}
          </h2>
          <div className="mt-10 grid gap-5 md:grid-cols-2">
            {videoSeries.map((series, index) => (
              <article
                key={series.title}
                className={`relative overflow-hidden rounded-card border p-7 sm:p-9 ${
                  index === 0 ? "border-white/15 bg-ink-800" : "border-ember-500/60 bg-ink-950 shadow-glow"
                }`}
              >
                <p className="eyebrow">{series.level}</p>
                <h3 className="heading-display mt-3 text-2xl text-white lg:text-3xl">{series.title}</h3>
                <p className="mt-2 text-sm font-bold uppercase tracking-wide text-ink-300">
                  {series.lessons}
                </p>
                <p className="mt-4 max-w-md leading-relaxed text-ink-200">{series.text}</p>
                <button
                  type="button"
                  className={buttonClass(index === 0 ? "secondary" : "primary", "lg", "mt-8 max-w-full")}
                >
                  {series.button}
                </button>
              </article>
            ))}
          </div>
        </div>
      </section>
    </>
  );
}
